import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { canReadSpace, effectiveSpaceRole } from '../../policies/space-policy.js';
import type { Page, PageRequest } from '../../store/pagination.js';
import type { Executor } from '../../store/schema.js';
import { bestGrantedRole, grantsOfUser } from '../../store/space-grants.js';
import {
  findSpaceWithMemberRole,
  listSpacesInOrganization,
  type SpaceRecord,
} from '../../store/spaces.js';
import type { Actor } from '../actor.js';

/** A space and the caller's effective role on it (`null`: a guest reading public content). */
export interface SpaceAccess {
  space: SpaceRecord;
  role: MemberRole | null;
}

/** Which spaces a lookup sees: live ones only, or those in the trash too. */
export interface SpaceLookup {
  deleted?: 'exclude' | 'include';
}

/**
 * Finds a space the caller may read; a space that does not exist, one the caller may not see,
 * and (unless `deleted` is `'include'`) one in the trash are all `undefined`.
 */
export async function findSpaceForCaller(
  db: Executor,
  actor: Actor,
  spaceId: string,
  { deleted = 'exclude' }: SpaceLookup = {},
): Promise<SpaceAccess | undefined> {
  const found = await findSpaceWithMemberRole(db, spaceId, actor.user.id);
  if (found === undefined || (deleted === 'exclude' && found.space.deletedAt !== null)) {
    return undefined;
  }
  const { organizationRole, granted } = found.membership;
  const role = effectiveSpaceRole(organizationRole, found.space, granted);
  return canReadSpace(role, found.space) ? { space: found.space, role } : undefined;
}

/** Like {@link findSpaceForCaller}, but every space it cannot find is the same 404. */
export async function loadSpaceForCaller(
  db: Executor,
  actor: Actor,
  spaceId: string,
  lookup: SpaceLookup = {},
): Promise<SpaceAccess> {
  const access = await findSpaceForCaller(db, actor, spaceId, lookup);
  if (access === undefined) throw notFound(`Space ${spaceId} not found`);
  return access;
}

/**
 * A page of an organization's spaces, each with the caller's effective role on it, for a caller
 * whose role in the organization is `organizationRole`: the grants of the whole page are read at
 * once.
 */
export async function listSpacesForCaller(
  db: Executor,
  actor: Actor,
  organizationId: string,
  organizationRole: MemberRole | null,
  request: PageRequest,
): Promise<Page<SpaceAccess>> {
  const page = await listSpacesInOrganization(db, organizationId, request);
  const spaceIds = page.items.map((space) => space.id);
  const grants = await grantsOfUser(db, organizationId, actor.user.id, spaceIds);
  return {
    ...page,
    items: page.items.map((space) => ({
      space,
      role: effectiveSpaceRole(organizationRole, space, bestGrantedRole(grants.get(space.id))),
    })),
  };
}

/** Another user's effective role on a space (not the caller's): `null` when they have none. */
export async function spaceRoleOfUser(
  db: Executor,
  spaceId: string,
  userId: string,
): Promise<MemberRole | null> {
  const found = await findSpaceWithMemberRole(db, spaceId, userId);
  if (found === undefined) return null;
  const { organizationRole, granted } = found.membership;
  return effectiveSpaceRole(organizationRole, found.space, granted);
}
