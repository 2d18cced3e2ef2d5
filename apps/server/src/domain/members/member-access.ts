import { notFound } from '../../errors.js';
import { findMember, findMemberRole, type MemberRecord } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';

/**
 * Loads a member for a caller who may read it: anyone with a role in the organization, or the
 * member themself (a guest reads only their own membership). Everyone else gets the 404 of an
 * organization they cannot see.
 */
export async function loadMemberForCaller(
  db: Executor,
  actor: Actor,
  organizationId: string,
  userId: string,
): Promise<MemberRecord> {
  const self = actor.user.id === userId;
  if (!self && (await findMemberRole(db, organizationId, actor.user.id)) === null) {
    throw notFound(`Organization ${organizationId} not found`);
  }
  const member = await findMember(db, organizationId, userId);
  if (member === undefined) {
    throw self
      ? notFound(`Organization ${organizationId} not found`)
      : notFound(`Member ${userId} not found in this organization`);
  }
  return member;
}
