import type { MemberRole } from '../../model/roles.js';
import { isMemberRole } from '../../model/roles.js';
import { effectiveSpaceRole } from '../../policies/space-policy.js';
import { keysetPage, mapPage, type Page, type PageRequest } from '../../store/pagination.js';
import type { Executor } from '../../store/schema.js';
import { bestGrantedRole, grantsOnSpace, membersReachingSpace } from '../../store/space-grants.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { toUser, type UserRecord } from '../../store/users.js';

/** Where part of someone's access to a space comes from. */
export interface AccessSource {
  type: 'organization' | 'default-level' | 'user' | 'team';
  role: MemberRole;
  team?: string;
}

/** Someone who reaches a space, their effective role and why. */
export interface SpaceAccessEntry {
  user: UserRecord;
  role: MemberRole;
  sources: AccessSource[];
}

/** A page of everyone who reaches a space, by when they joined the organization. */
export async function listSpaceAccess(
  db: Executor,
  space: SpaceRecord,
  request: PageRequest,
): Promise<Page<SpaceAccessEntry>> {
  const page = await keysetPage(
    membersReachingSpace(db, space),
    (q) =>
      q
        .selectAll('users')
        .select(['organization_members.role as member_role', 'organization_members.joined_at']),
    {
      columns: ['organization_members.joined_at', 'users.id'],
      direction: 'asc',
      cursorOf: (row) => [row.joined_at, row.id],
    },
    request,
  );
  const grants = await grantsOnSpace(
    db,
    space,
    page.items.map((row) => row.id),
  );
  return mapPage(page, (row) => {
    const organizationRole = isMemberRole(row.member_role) ? row.member_role : null;
    const granted = grants.get(row.id) ?? [];
    const sources: AccessSource[] = [
      ...(organizationRole === null
        ? []
        : [{ type: 'organization' as const, role: organizationRole }]),
      ...(space.defaultLevel === null
        ? []
        : [{ type: 'default-level' as const, role: space.defaultLevel }]),
      ...granted.map((grant) => ({
        type: grant.type,
        role: grant.role,
        ...(grant.teamId === undefined ? {} : { team: grant.teamId }),
      })),
    ];
    const role = effectiveSpaceRole(organizationRole, space, bestGrantedRole(granted)) ?? 'read';
    return { user: toUser(row), role, sources };
  });
}
