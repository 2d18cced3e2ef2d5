import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { findMemberRole } from '../../store/members.js';
import { findOrganizationById, type OrganizationRecord } from '../../store/organizations.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';

/** An organization and the caller's role in it. */
export interface OrganizationAccess {
  organization: OrganizationRecord;
  role: MemberRole;
}

/**
 * Loads an organization the caller is a member of. Non-members get the same 404 as for an
 * organization that does not exist, so ids of other organizations leak nothing.
 */
export async function loadOrganizationForMember(
  db: Executor,
  actor: Actor,
  organizationId: string,
): Promise<OrganizationAccess> {
  const role = await findMemberRole(db, organizationId, actor.user.id);
  const organization = role === null ? undefined : await findOrganizationById(db, organizationId);
  if (role === null || organization === undefined) {
    throw notFound(`Organization ${organizationId} not found`);
  }
  return { organization, role };
}
