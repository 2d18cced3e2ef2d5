import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { addReactions, removeReactions } from '../../store/comment-reactions.js';
import {
  type CommentReplyRecord,
  deleteReply,
  findReply,
  insertReply,
  updateReplyBody,
} from '../../store/comment-replies.js';
import { type CommentRecord, countReplies } from '../../store/comments.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import type { CommentScope } from './comment-access.js';
import { commentEvent } from './comment-events.js';
import { type ReactionChanges, reactionPayload } from './reactions.js';
import { storedBody } from './stored-body.js';

/** Replies to a comment, counting the reply on it; a comment deleted meanwhile is a 404. */
export async function postReply(
  db: Kysely<Database>,
  actor: Actor,
  scope: CommentScope,
  comment: CommentRecord,
  body: Document,
  now: Date,
): Promise<CommentReplyRecord> {
  const reply: CommentReplyRecord = {
    id: newId(),
    commentId: comment.id,
    authorId: actor.user.id,
    body: JSON.stringify(body),
    postedAt: now.toISOString(),
    editedAt: null,
  };
  await db.transaction().execute(async (trx) => {
    if (!(await countReplies(trx, comment.id, 1)))
      throw notFound(`Comment ${comment.id} not found`);
    await insertReply(trx, reply);
    await recordEvent(
      trx,
      actor,
      commentEvent('comment_reply.created', scope.space, scope.thread, {
        id: reply.id,
        body,
        commentId: comment.id,
      }),
      now,
    );
  });
  return reply;
}

/** What a reply update changes; the caller's right to each was checked. */
export interface ReplyChanges {
  body?: Document | undefined;
  reactions: ReactionChanges;
}

/** Replaces a reply's body and changes the caller's reactions to it, holding its comment's row. */
export async function updateReply(
  db: Kysely<Database>,
  actor: Actor,
  scope: CommentScope,
  reply: CommentReplyRecord,
  changes: ReplyChanges,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const exists =
      (await countReplies(trx, reply.commentId, 0)) &&
      (await findReply(trx, reply.commentId, reply.id)) !== undefined;
    if (!exists) throw notFound(`Reply ${reply.id} not found`);
    if (changes.body !== undefined) {
      await updateReplyBody(trx, reply.id, JSON.stringify(changes.body), at);
    }
    const subject = { commentId: reply.commentId, replyId: reply.id };
    await removeReactions(trx, subject, actor.user.id, changes.reactions.removed);
    await addReactions(trx, subject, actor.user.id, changes.reactions.added, at);
    await recordEvent(
      trx,
      actor,
      commentEvent(
        'comment_reply.updated',
        scope.space,
        scope.thread,
        { id: reply.id, body: changes.body ?? storedBody(reply.body), commentId: reply.commentId },
        {
          ...(changes.body === undefined ? {} : { edited: true }),
          ...reactionPayload(changes.reactions),
        },
      ),
      now,
    );
  });
}

/** Deletes a reply and uncounts it; one already gone changes and records nothing. */
export async function removeReply(
  db: Kysely<Database>,
  actor: Actor,
  scope: CommentScope,
  reply: CommentReplyRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteReply(trx, reply.commentId, reply.id))) return;
    await countReplies(trx, reply.commentId, -1);
    await recordEvent(
      trx,
      actor,
      commentEvent('comment_reply.deleted', scope.space, scope.thread, {
        id: reply.id,
        body: storedBody(reply.body),
        commentId: reply.commentId,
      }),
      now,
    );
  });
}
