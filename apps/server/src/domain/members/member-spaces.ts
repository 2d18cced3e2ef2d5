import type { MemberRole } from '../../model/roles.js';
import { effectiveSpaceRole } from '../../policies/space-policy.js';
import type { MemberRecord } from '../../store/members.js';
import { mapPage, type Page, type PageRequest } from '../../store/pagination.js';
import type { Executor } from '../../store/schema.js';
import { bestGrantedRole, grantsOfUser } from '../../store/space-grants.js';
import { listSpacesByCreation, type SpaceRecord } from '../../store/spaces.js';

/** A space a member reaches, with their effective role on it. */
export interface MemberSpace {
  space: SpaceRecord;
  role: MemberRole;
}

/**
 * A page of the live spaces a member reaches, by creation time: every space of the organization
 * for a member with a role, the granted ones for a guest.
 */
export async function listSpacesOfMember(
  db: Executor,
  member: MemberRecord,
  request: PageRequest & { order: 'asc' | 'desc' },
): Promise<Page<MemberSpace>> {
  const page = await listSpacesByCreation(db, member.organizationId, {
    ...request,
    onlyGrantedTo: member.role === null ? member.userId : undefined,
  });
  const grants = await grantsOfUser(
    db,
    member.organizationId,
    member.userId,
    page.items.map((space) => space.id),
  );
  return mapPage(page, (space) => ({
    space,
    // Every listed space is reached: by the organization role or by a grant.
    role: effectiveSpaceRole(member.role, space, bestGrantedRole(grants.get(space.id))) ?? 'read',
  }));
}
