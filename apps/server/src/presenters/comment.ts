import type { components } from '@quire/contract';
import { type CommentCaller, commentPermissions } from '../policies/comment-policy.js';
import type { ReactionRecord } from '../store/comment-reactions.js';
import type { CommentReplyRecord, ReplierRecord } from '../store/comment-replies.js';
import type { CommentRecord, CommentThread, PageSnapshot } from '../store/comments.js';
import type { SpaceRecord } from '../store/spaces.js';
import type { UserRecord } from '../store/users.js';
import type { Urls } from './urls.js';
import { presentUser } from './user.js';

type Schemas = components['schemas'];
type CommentBody = Schemas['CommentBody'];

/** What presenting comments of one thread needs beyond the rows: the people, the reactions. */
export interface CommentContext {
  space: Pick<SpaceRecord, 'id' | 'visibility'>;
  caller: CommentCaller;
  /** Everyone who posted, resolved or reacted, by id. */
  users: ReadonlyMap<string, UserRecord>;
  /** Reactions by the id of the comment or reply they are on, oldest first. */
  reactions: ReadonlyMap<string, readonly ReactionRecord[]>;
  urls: Urls;
}

/**
 * A comment as the API shows it. Its page is the page as it is now when the thread's content
 * still has it (`outdated` when it changed since the comment), else as it was.
 */
export function presentComment(
  comment: CommentRecord,
  body: CommentBody,
  currentPage: PageSnapshot | undefined,
  repliers: readonly ReplierRecord[],
  context: CommentContext,
): Schemas['Comment'] {
  const { thread, anchor } = comment;
  const target: Schemas['CommentTarget'] = {
    space: thread.spaceId,
    revision: comment.revisionId,
    ...(thread.changeRequestId === null ? {} : { changeRequest: thread.changeRequestId }),
    ...(comment.reviewId === null ? {} : { review: comment.reviewId }),
  };
  if (anchor !== null) {
    const page = currentPage ?? anchor.page;
    target.page = {
      id: page.id,
      title: page.title,
      ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
      ...(page.icon === undefined ? {} : { icon: page.icon }),
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      path: page.path,
      outdated: currentPage === undefined || currentPage.updatedAt !== anchor.page.updatedAt,
    };
    if (anchor.node !== undefined) {
      target.node = { id: anchor.node.key, preview: anchor.node.preview };
    }
  }
  const presented: Schemas['Comment'] = {
    object: 'comment',
    id: comment.id,
    postedBy: presentUser(userOf(context, comment.authorId), context.urls),
    postedAt: comment.postedAt,
    ...(comment.editedAt === null ? {} : { editedAt: comment.editedAt }),
    reactions: presentReactions(context.reactions.get(comment.id) ?? [], context),
    replies: comment.replies,
    repliers: repliers.map((replier) => ({
      user: presentUser(userOf(context, replier.userId), context.urls),
      count: replier.count,
      updatedAt: replier.lastPostedAt,
    })),
    body,
    target,
    urls: { location: context.urls.api(...commentPath(thread, comment.id)) },
    permissions: commentPermissions(context.caller, context.space, comment.authorId),
    status: comment.status,
  };
  if (comment.resolvedAt !== null) presented.resolvedAt = comment.resolvedAt;
  if (comment.resolvedBy !== null) {
    presented.resolvedBy = presentUser(userOf(context, comment.resolvedBy), context.urls);
  }
  return presented;
}

/** A reply as the API shows it. */
export function presentReply(
  reply: CommentReplyRecord,
  thread: CommentThread,
  body: CommentBody,
  context: CommentContext,
): Schemas['CommentReply'] {
  return {
    object: 'comment-reply',
    id: reply.id,
    postedBy: presentUser(userOf(context, reply.authorId), context.urls),
    postedAt: reply.postedAt,
    ...(reply.editedAt === null ? {} : { editedAt: reply.editedAt }),
    reactions: presentReactions(context.reactions.get(reply.id) ?? [], context),
    body,
    urls: {
      location: context.urls.api(...commentPath(thread, reply.commentId), 'replies', reply.id),
    },
    permissions: commentPermissions(context.caller, context.space, reply.authorId),
  };
}

/** The API path of a comment, under its space or its change request. */
function commentPath(thread: CommentThread, commentId: string): string[] {
  const base = ['spaces', thread.spaceId];
  if (thread.changeRequestId !== null) base.push('change-requests', thread.changeRequestId);
  return [...base, 'comments', commentId];
}

/** One entry per emoji, in the order each was first used, with who used it, earliest first. */
function presentReactions(
  reactions: readonly ReactionRecord[],
  context: CommentContext,
): Schemas['CommentReactions'] {
  const byEmoji = new Map<string, Schemas['CommentReactions'][number]>();
  for (const reaction of reactions) {
    let entry = byEmoji.get(reaction.emoji);
    if (entry === undefined) {
      entry = { emoji: reaction.emoji, count: 0, users: [] };
      byEmoji.set(reaction.emoji, entry);
    }
    entry.count += 1;
    entry.users.push({
      user: presentUser(userOf(context, reaction.userId), context.urls),
      reactedAt: reaction.reactedAt,
    });
  }
  return [...byEmoji.values()];
}

function userOf(context: CommentContext, id: string): UserRecord {
  const user = context.users.get(id);
  // Users are never deleted while they have comments (a foreign key keeps them).
  if (user === undefined) throw new Error(`User ${id} of a comment was not loaded`);
  return user;
}
