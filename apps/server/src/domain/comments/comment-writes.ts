import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { addReactions, removeReactions } from '../../store/comment-reactions.js';
import {
  type CommentAnchor,
  type CommentRecord,
  countOpenComments,
  countReplies,
  deleteComment,
  insertComment,
  setCommentStatus,
  updateCommentBody,
} from '../../store/comments.js';
import type { Database, Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import type { CommentScope } from './comment-access.js';
import { commentEvent } from './comment-events.js';
import { type ReactionChanges, reactionPayload } from './reactions.js';
import { storedBody } from './stored-body.js';

/** What a new comment is about besides its thread: a place in the content, a review. */
export interface CommentTargets {
  anchor: CommentAnchor | null;
  reviewId: string | null;
}

/** Posts an open comment on the thread, counting it in the same transaction. */
export function postComment(
  db: Kysely<Database>,
  actor: Actor,
  scope: CommentScope,
  body: Document,
  targets: CommentTargets,
  now: Date,
): Promise<CommentRecord> {
  return db
    .transaction()
    .execute((trx) => insertPostedComment(trx, actor, scope, body, targets, now));
}

/** Posts an open comment within the caller's transaction (a review posts its own). */
export async function insertPostedComment(
  trx: Executor,
  actor: Actor,
  scope: Pick<CommentScope, 'space' | 'thread' | 'revisionId'>,
  body: Document,
  { anchor, reviewId }: CommentTargets,
  now: Date,
): Promise<CommentRecord> {
  const comment: CommentRecord = {
    id: newId(),
    thread: scope.thread,
    authorId: actor.user.id,
    body: JSON.stringify(body),
    postedAt: now.toISOString(),
    editedAt: null,
    status: 'open',
    resolvedAt: null,
    resolvedBy: null,
    replies: 0,
    revisionId: scope.revisionId,
    anchor,
    reviewId,
  };
  await insertComment(trx, comment);
  await countOpenComments(trx, scope.thread, 1);
  await recordEvent(
    trx,
    actor,
    commentEvent(
      'comment.created',
      scope.space,
      scope.thread,
      { id: comment.id, body },
      {
        ...(anchor === null ? {} : { page: anchor.page.id }),
        ...(reviewId === null ? {} : { review: reviewId }),
      },
    ),
    now,
  );
  return comment;
}

/** What a comment update changes; the caller's right to each was checked. */
export interface CommentChanges {
  resolved?: boolean | undefined;
  body?: Document | undefined;
  reactions: ReactionChanges;
}

/**
 * Resolves or reopens a comment, replaces its body and changes the caller's reactions, in one
 * transaction that holds the comment's row: a comment deleted meanwhile is a 404, and the open
 * counter moves only when the status really changed.
 */
export async function updateComment(
  db: Kysely<Database>,
  actor: Actor,
  scope: CommentScope,
  comment: CommentRecord,
  changes: CommentChanges,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await countReplies(trx, comment.id, 0)))
      throw notFound(`Comment ${comment.id} not found`);
    if (changes.body !== undefined) {
      await updateCommentBody(trx, comment.id, JSON.stringify(changes.body), at);
    }
    if (changes.resolved !== undefined) {
      const resolution = changes.resolved ? { by: actor.user.id, at } : null;
      if (await setCommentStatus(trx, comment.id, resolution)) {
        await countOpenComments(trx, scope.thread, changes.resolved ? -1 : 1);
      }
    }
    const subject = { commentId: comment.id, replyId: null };
    await removeReactions(trx, subject, actor.user.id, changes.reactions.removed);
    await addReactions(trx, subject, actor.user.id, changes.reactions.added, at);
    const body = changes.body ?? storedBody(comment.body);
    await recordEvent(
      trx,
      actor,
      commentEvent(
        'comment.updated',
        scope.space,
        scope.thread,
        { id: comment.id, body },
        {
          ...(changes.resolved === undefined ? {} : { resolved: changes.resolved }),
          ...(changes.body === undefined ? {} : { edited: true }),
          ...reactionPayload(changes.reactions),
        },
      ),
      now,
    );
  });
}

/**
 * Deletes a comment with its replies and reactions; an open one leaves the counter. Deleting
 * one that is already gone changes and records nothing.
 */
export async function removeComment(
  db: Kysely<Database>,
  actor: Actor,
  scope: CommentScope,
  comment: CommentRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const status = await deleteComment(trx, comment.id);
    if (status === undefined) return;
    if (status === 'open') await countOpenComments(trx, scope.thread, -1);
    await recordEvent(
      trx,
      actor,
      commentEvent('comment.deleted', scope.space, scope.thread, {
        id: comment.id,
        body: storedBody(comment.body),
      }),
      now,
    );
  });
}
