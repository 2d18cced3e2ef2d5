import { notFound } from '../../errors.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import { type CommentReplyRecord, findReply } from '../../store/comment-replies.js';
import { type CommentRecord, type CommentThread, findComment } from '../../store/comments.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { loadChangeRequestForCaller } from '../change-requests/change-request-access.js';
import { loadSpaceForCaller, type SpaceAccess } from '../spaces/space-access.js';

/** A thread of comments the caller may read: a space's own, or a change request's. */
export interface CommentScope extends SpaceAccess {
  thread: CommentThread;
  changeRequest: ChangeRequestRecord | null;
  /** The revision comments of this thread are posted on: the change request's, or the space's. */
  revisionId: string;
}

/** The space's own thread; a space the caller cannot see is a 404. */
export async function loadSpaceThread(
  db: Executor,
  actor: Actor,
  spaceId: string,
): Promise<CommentScope> {
  const access = await loadSpaceForCaller(db, actor, spaceId);
  return {
    ...access,
    thread: { spaceId: access.space.id, changeRequestId: null },
    changeRequest: null,
    revisionId: access.space.revisionId,
  };
}

/** A change request's thread, found by id or number; one the caller cannot see is a 404. */
export async function loadChangeRequestThread(
  db: Executor,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
): Promise<CommentScope> {
  const { space, role, changeRequest } = await loadChangeRequestForCaller(
    db,
    actor,
    spaceId,
    changeRequestId,
  );
  return {
    space,
    role,
    thread: { spaceId: space.id, changeRequestId: changeRequest.id },
    changeRequest,
    revisionId: changeRequest.revisionId,
  };
}

/** A comment of the thread; one of another thread is a 404 like a missing one. */
export async function loadComment(
  db: Executor,
  scope: CommentScope,
  commentId: string,
): Promise<CommentRecord> {
  const comment = await findComment(db, scope.thread, commentId);
  if (comment === undefined) throw notFound(`Comment ${commentId} not found`);
  return comment;
}

/** A reply to the comment; one to another comment is a 404 like a missing one. */
export async function loadReply(
  db: Executor,
  comment: CommentRecord,
  replyId: string,
): Promise<CommentReplyRecord> {
  const reply = await findReply(db, comment.id, replyId);
  if (reply === undefined) throw notFound(`Reply ${replyId} not found`);
  return reply;
}
