import { loadChangeRequestThread, loadSpaceThread } from '../domain/comments/comment-access.js';
import type { HandlerTable } from '../http/handler.js';
import { commentHandlers } from './comment-handlers.js';

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
