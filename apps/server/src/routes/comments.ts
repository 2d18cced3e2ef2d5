import type { components } from '@quire/contract';
import type { Actor } from '../domain/actor.js';
import {
  type CommentScope,
  loadChangeRequestThread,
  loadComment,
  loadReply,
  loadSpaceThread,
} from '../domain/comments/comment-access.js';
import { readCommentBody } from '../domain/comments/comment-body.js';
import { anchorOf, reviewTargetOf } from '../domain/comments/comment-target.js';
import { postComment, removeComment, updateComment } from '../domain/comments/comment-writes.js';
import { reactionChangesOf } from '../domain/comments/reactions.js';
import { postReply, removeReply, updateReply } from '../domain/comments/reply-writes.js';
import type { HandlerTable } from '../http/handler.js';
import {
  type CommentCaller,
  requireAuthor,
  requireCommenter,
  requireDeleter,
} from '../policies/comment-policy.js';
import { presentList } from '../presenters/list.js';
import type { AppServices } from '../services/app-services.js';
import { findReply, listReplies } from '../store/comment-replies.js';
import { findComment, listCommenters, listComments } from '../store/comments.js';
import {
  commentResponse,
  commentsResponse,
  repliesResponse,
  replyResponse,
} from './comment-responses.js';
import { memberPresenter } from './member-responses.js';
import { pageRequest } from './page-request.js';

type Schemas = components['schemas'];

interface Input<Params, Query = unknown, Body = unknown> {
  params: Params;
  query: Query;
  body: Body;
  actor: Actor;
  services: AppServices;
}

type Format = { format?: 'markdown' | 'document' };
type ListQuery = { page?: string; limit?: number; order?: 'asc' | 'desc' };
type CommentParams = { commentId: string };
type ReplyParams = { commentId: string; commentReplyId: string };

const callerOf = (actor: Actor, scope: CommentScope): CommentCaller => ({
  userId: actor.user.id,
  role: scope.role,
});

/**
 * The eleven comment operations of one kind of thread, given how to find it: a space's own
 * comments and a change request's work the same once the thread is known.
 * @example const space = commentHandlers((services, actor, params) => loadSpaceThread(…));
 */
function commentHandlers<Params>(
  load: (services: AppServices, actor: Actor, params: Params) => Promise<CommentScope>,
) {
  const scopeOf = (input: Input<Params, unknown, unknown>) =>
    load(input.services, input.actor, input.params);
  const bodyOf = (services: AppServices, scope: CommentScope, body: Schemas['CommentBodyInput']) =>
    readCommentBody(services.db, services.documents, scope.space.organizationId, body, 'body.body');

  return {
    list: async (
      input: Input<
        Params,
        ListQuery &
          Format & {
            status?: 'all' | 'open' | 'resolved';
            targetPage?: string;
            authors?: string[];
          }
      >,
    ) => {
      const { services, actor, query } = input;
      const scope = await scopeOf(input);
      const page = await listComments(
        services.db,
        scope.thread,
        {
          status: query.status ?? 'all',
          targetPage: query.targetPage,
          authors: query.authors,
          order: query.order ?? 'desc',
        },
        pageRequest(query),
      );
      const items = await commentsResponse(
        services,
        actor,
        scope,
        page.items,
        query.format ?? 'markdown',
      );
      return { status: 200 as const, body: presentList({ ...page, items }, (item) => item) };
    },

    post: async (
      input: Input<
        Params,
        Format,
        { body: Schemas['CommentBodyInput']; page?: string; node?: string; review?: string }
      >,
    ) => {
      const { services, actor, body } = input;
      const scope = await scopeOf(input);
      requireCommenter(callerOf(actor, scope), 'comment');
      const document = await bodyOf(services, scope, body.body);
      const anchor = await anchorOf(services.db, scope.space, scope.revisionId, body);
      const reviewId = await reviewTargetOf(services.db, scope, body.review);
      const comment = await postComment(
        services.db,
        actor,
        scope,
        document,
        { anchor, reviewId },
        services.clock.now(),
      );
      return {
        status: 200 as const,
        body: await commentResponse(
          services,
          actor,
          scope,
          comment,
          input.query.format ?? 'markdown',
        ),
      };
    },

    get: async (input: Input<Params & CommentParams, Format>) => {
      const scope = await scopeOf(input);
      const comment = await loadComment(input.services.db, scope, input.params.commentId);
      return {
        status: 200 as const,
        body: await commentResponse(
          input.services,
          input.actor,
          scope,
          comment,
          input.query.format ?? 'markdown',
        ),
      };
    },

    update: async (input: Input<Params & CommentParams, Format, Schemas['CommentUpdateInput']>) => {
      const { services, actor, body } = input;
      const scope = await scopeOf(input);
      const comment = await loadComment(services.db, scope, input.params.commentId);
      const caller = callerOf(actor, scope);
      requireCommenter(caller, 'resolve, react to or edit comments');
      if (body.body !== undefined) requireAuthor(caller, comment.authorId, 'comment');
      await updateComment(
        services.db,
        actor,
        scope,
        comment,
        {
          resolved: body.resolved,
          body: body.body === undefined ? undefined : await bodyOf(services, scope, body.body),
          reactions: reactionChangesOf(body),
        },
        services.clock.now(),
      );
      return {
        status: 200 as const,
        body: await commentResponse(
          services,
          actor,
          scope,
          await loadComment(services.db, scope, comment.id),
          input.query.format ?? 'markdown',
        ),
      };
    },

    delete: async (input: Input<Params & CommentParams>) => {
      const { services, actor } = input;
      const scope = await scopeOf(input);
      const comment = await findComment(services.db, scope.thread, input.params.commentId);
      if (comment !== undefined) {
        requireDeleter(callerOf(actor, scope), comment.authorId, 'comment');
        await removeComment(services.db, actor, scope, comment, services.clock.now());
      }
      return { status: 204 as const };
    },

    listReplies: async (input: Input<Params & CommentParams, ListQuery & Format>) => {
      const { services, actor, query } = input;
      const scope = await scopeOf(input);
      const comment = await loadComment(services.db, scope, input.params.commentId);
      const page = await listReplies(
        services.db,
        comment.id,
        query.order ?? 'asc',
        pageRequest(query),
      );
      const items = await repliesResponse(
        services,
        actor,
        scope,
        comment.id,
        page.items,
        query.format ?? 'markdown',
      );
      return { status: 200 as const, body: presentList({ ...page, items }, (item) => item) };
    },

    postReply: async (
      input: Input<Params & CommentParams, Format, { body: Schemas['CommentBodyInput'] }>,
    ) => {
      const { services, actor } = input;
      const scope = await scopeOf(input);
      const comment = await loadComment(services.db, scope, input.params.commentId);
      requireCommenter(callerOf(actor, scope), 'reply to comments');
      const document = await bodyOf(services, scope, input.body.body);
      const reply = await postReply(
        services.db,
        actor,
        scope,
        comment,
        document,
        services.clock.now(),
      );
      return {
        status: 200 as const,
        body: await replyResponse(services, actor, scope, reply, input.query.format ?? 'markdown'),
      };
    },

    getReply: async (input: Input<Params & ReplyParams, Format>) => {
      const { services, actor } = input;
      const scope = await scopeOf(input);
      const comment = await loadComment(services.db, scope, input.params.commentId);
      const reply = await loadReply(services.db, comment, input.params.commentReplyId);
      return {
        status: 200 as const,
        body: await replyResponse(services, actor, scope, reply, input.query.format ?? 'markdown'),
      };
    },

    updateReply: async (
      input: Input<Params & ReplyParams, Format, Schemas['CommentReplyUpdateInput']>,
    ) => {
      const { services, actor, body } = input;
      const scope = await scopeOf(input);
      const comment = await loadComment(services.db, scope, input.params.commentId);
      const reply = await loadReply(services.db, comment, input.params.commentReplyId);
      const caller = callerOf(actor, scope);
      requireCommenter(caller, 'react to or edit replies');
      if (body.body !== undefined) requireAuthor(caller, reply.authorId, 'reply');
      await updateReply(
        services.db,
        actor,
        scope,
        reply,
        {
          body: body.body === undefined ? undefined : await bodyOf(services, scope, body.body),
          reactions: reactionChangesOf(body),
        },
        services.clock.now(),
      );
      return {
        status: 200 as const,
        body: await replyResponse(
          services,
          actor,
          scope,
          await loadReply(services.db, comment, reply.id),
          input.query.format ?? 'markdown',
        ),
      };
    },

    deleteReply: async (input: Input<Params & ReplyParams>) => {
      const { services, actor } = input;
      const scope = await scopeOf(input);
      const comment = await findComment(services.db, scope.thread, input.params.commentId);
      const reply =
        comment && (await findReply(services.db, comment.id, input.params.commentReplyId));
      if (reply !== undefined) {
        requireDeleter(callerOf(actor, scope), reply.authorId, 'reply');
        await removeReply(services.db, actor, scope, reply, services.clock.now());
      }
      return { status: 204 as const };
    },

    commenters: async (input: Input<Params, { page?: string; limit?: number }>) => {
      const { services, query } = input;
      const scope = await scopeOf(input);
      const organizationId = scope.space.organizationId;
      const page = await listCommenters(
        services.db,
        scope.thread,
        organizationId,
        pageRequest(query),
      );
      const present = await memberPresenter(services, organizationId, page.items);
      return { status: 200 as const, body: presentList(page, present) };
    },
  };
}

type CommentOperations = Pick<
  HandlerTable,
  | 'listCommentsInSpace'
  | 'postCommentInSpace'
  | 'getCommentInSpace'
  | 'updateCommentInSpace'
  | 'deleteCommentInSpace'
  | 'listCommentRepliesInSpace'
  | 'postCommentReplyInSpace'
  | 'getCommentReplyInSpace'
  | 'updateCommentReplyInSpace'
  | 'deleteCommentReplyInSpace'
  | 'listCommentersInSpace'
  | 'listCommentsInChangeRequest'
  | 'postCommentInChangeRequest'
  | 'getCommentInChangeRequest'
  | 'updateCommentInChangeRequest'
  | 'deleteCommentInChangeRequest'
  | 'listCommentRepliesInChangeRequest'
  | 'postCommentReplyInChangeRequest'
  | 'getCommentReplyInChangeRequest'
  | 'updateCommentReplyInChangeRequest'
  | 'deleteCommentReplyInChangeRequest'
  | 'listCommentersInChangeRequest'
>;

const inSpace = commentHandlers<{ spaceId: string }>((services, actor, params) =>
  loadSpaceThread(services.db, actor, params.spaceId),
);

const inChangeRequest = commentHandlers<{ spaceId: string; changeRequestId: string }>(
  (services, actor, params) =>
    loadChangeRequestThread(services.db, actor, params.spaceId, params.changeRequestId),
);

/** Handlers of the `comments` tag: a space's own comments, and each change request's. */
export const commentOperationHandlers: CommentOperations = {
  listCommentsInSpace: inSpace.list,
  postCommentInSpace: inSpace.post,
  getCommentInSpace: inSpace.get,
  updateCommentInSpace: inSpace.update,
  deleteCommentInSpace: inSpace.delete,
  listCommentRepliesInSpace: inSpace.listReplies,
  postCommentReplyInSpace: inSpace.postReply,
  getCommentReplyInSpace: inSpace.getReply,
  updateCommentReplyInSpace: inSpace.updateReply,
  deleteCommentReplyInSpace: inSpace.deleteReply,
  listCommentersInSpace: inSpace.commenters,
  listCommentsInChangeRequest: inChangeRequest.list,
  postCommentInChangeRequest: inChangeRequest.post,
  getCommentInChangeRequest: inChangeRequest.get,
  updateCommentInChangeRequest: inChangeRequest.update,
  deleteCommentInChangeRequest: inChangeRequest.delete,
  listCommentRepliesInChangeRequest: inChangeRequest.listReplies,
  postCommentReplyInChangeRequest: inChangeRequest.postReply,
  getCommentReplyInChangeRequest: inChangeRequest.getReply,
  updateCommentReplyInChangeRequest: inChangeRequest.updateReply,
  deleteCommentReplyInChangeRequest: inChangeRequest.deleteReply,
  listCommentersInChangeRequest: inChangeRequest.commenters,
};
