import type { components } from '@quire/contract';
import type { Actor } from '../domain/actor.js';
import type { CommentScope } from '../domain/comments/comment-access.js';
import { currentPages } from '../domain/comments/comment-target.js';
import { storedBody } from '../domain/comments/stored-body.js';
import { type CommentContext, presentComment, presentReply } from '../presenters/comment.js';
import { presentDocument } from '../presenters/json-document.js';
import type { AppServices } from '../services/app-services.js';
import { type ReactionRecord, reactionsOf } from '../store/comment-reactions.js';
import {
  type CommentReplyRecord,
  listRepliers,
  type ReplierRecord,
} from '../store/comment-replies.js';
import type { CommentRecord } from '../store/comments.js';
import { findUsersByIds } from '../store/users.js';

type Schemas = components['schemas'];
type Format = 'markdown' | 'document';

/** The comments of one thread as the API shows them to the caller, bodies in `format`. */
export async function commentsResponse(
  services: AppServices,
  actor: Actor,
  scope: CommentScope,
  comments: readonly CommentRecord[],
  format: Format,
): Promise<Schemas['Comment'][]> {
  const commentIds = comments.map((comment) => comment.id);
  const reactions = await reactionsOf(services.db, commentIds);
  const repliers = await listRepliers(services.db, commentIds);
  const people = comments.flatMap((comment) =>
    comment.resolvedBy === null ? [comment.authorId] : [comment.authorId, comment.resolvedBy],
  );
  const context = await contextOf(
    services,
    actor,
    scope,
    [...people, ...repliers.map((replier) => replier.userId)],
    reactions,
  );
  const repliersByComment = new Map<string, ReplierRecord[]>();
  for (const replier of repliers) {
    repliersByComment.set(replier.commentId, [
      ...(repliersByComment.get(replier.commentId) ?? []),
      replier,
    ]);
  }
  const pages = await currentPages(
    services.db,
    scope.space,
    scope.revisionId,
    comments.flatMap((comment) => (comment.anchor === null ? [] : [comment.anchor.page.id])),
  );
  return Promise.all(
    comments.map(async (comment) =>
      presentComment(
        comment,
        await bodyIn(services, comment.body, format),
        comment.anchor === null ? undefined : pages.get(comment.anchor.page.id),
        repliersByComment.get(comment.id) ?? [],
        context,
      ),
    ),
  );
}

/** One comment, as {@link commentsResponse} shows it. */
export async function commentResponse(
  services: AppServices,
  actor: Actor,
  scope: CommentScope,
  comment: CommentRecord,
  format: Format,
): Promise<Schemas['Comment']> {
  const [presented] = await commentsResponse(services, actor, scope, [comment], format);
  if (presented === undefined) throw new Error(`Comment ${comment.id} could not be presented`);
  return presented;
}

/** Replies to one comment as the API shows them to the caller, bodies in `format`. */
export async function repliesResponse(
  services: AppServices,
  actor: Actor,
  scope: CommentScope,
  commentId: string,
  replies: readonly CommentReplyRecord[],
  format: Format,
): Promise<Schemas['CommentReply'][]> {
  const reactions = await reactionsOf(
    services.db,
    [commentId],
    replies.map((reply) => reply.id),
  );
  const context = await contextOf(
    services,
    actor,
    scope,
    replies.map((reply) => reply.authorId),
    reactions,
  );
  return Promise.all(
    replies.map(async (reply) =>
      presentReply(reply, scope.thread, await bodyIn(services, reply.body, format), context),
    ),
  );
}

/** One reply, as {@link repliesResponse} shows it. */
export async function replyResponse(
  services: AppServices,
  actor: Actor,
  scope: CommentScope,
  reply: CommentReplyRecord,
  format: Format,
): Promise<Schemas['CommentReply']> {
  const [presented] = await repliesResponse(
    services,
    actor,
    scope,
    reply.commentId,
    [reply],
    format,
  );
  if (presented === undefined) throw new Error(`Reply ${reply.id} could not be presented`);
  return presented;
}

async function contextOf(
  services: AppServices,
  actor: Actor,
  scope: CommentScope,
  people: readonly string[],
  reactions: readonly ReactionRecord[],
): Promise<CommentContext> {
  const users = await findUsersByIds(services.db, [
    ...people,
    ...reactions.map((reaction) => reaction.userId),
  ]);
  const bySubject = new Map<string, ReactionRecord[]>();
  for (const reaction of reactions) {
    const list = bySubject.get(reaction.subjectId) ?? [];
    list.push(reaction);
    bySubject.set(reaction.subjectId, list);
  }
  return {
    space: scope.space,
    caller: { userId: actor.user.id, role: scope.role },
    users,
    reactions: bySubject,
    urls: services.urls,
  };
}

async function bodyIn(
  services: AppServices,
  json: string,
  format: Format,
): Promise<Schemas['CommentBody']> {
  const document = storedBody(json);
  if (format === 'document') return { document: presentDocument(document) };
  return { markdown: await services.documents.toMarkdown(document) };
}
