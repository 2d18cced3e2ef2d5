import type { components } from '@quire/contract';
import { forbidden } from '../errors.js';
import { type MemberRole, roleAtLeast } from '../model/roles.js';
import type { SpaceRecord } from '../store/spaces.js';
import { canReadSpace, requireSpaceRole } from './space-policy.js';

type CommentPermissions = components['schemas']['CommentPermissions'];

/** Who is asking, and their role on the comment's space. */
export interface CommentCaller {
  userId: string;
  role: MemberRole | null;
}

/**
 * What a caller may do with a comment or reply: everyone who reads the space sees it; `comment`
 * and up reply, react and resolve; only its author changes its body; its author or a space
 * admin deletes it.
 */
export function commentPermissions(
  caller: CommentCaller,
  space: Pick<SpaceRecord, 'visibility'>,
  authorId: string,
): CommentPermissions {
  const mayComment = roleAtLeast(caller.role, 'comment');
  return {
    view: canReadSpace(caller.role, space),
    edit: mayComment && caller.userId === authorId,
    reply: mayComment,
    delete: caller.userId === authorId || caller.role === 'admin',
  };
}

/** Throws 403 unless the caller may post, reply, react and resolve. */
export function requireCommenter(caller: CommentCaller, action: string): void {
  requireSpaceRole(caller.role, 'comment', action);
}

/** Throws 403 unless the caller wrote it: only authors change what they wrote. */
export function requireAuthor(caller: CommentCaller, authorId: string, what: string): void {
  if (caller.userId !== authorId)
    throw forbidden(`Only the author of this ${what} may change its body`);
}

/** Throws 403 unless the caller wrote it or administers the space. */
export function requireDeleter(caller: CommentCaller, authorId: string, what: string): void {
  if (caller.userId !== authorId && caller.role !== 'admin') {
    throw forbidden(`Only the author of this ${what} or an admin of the space may delete it`);
  }
}
