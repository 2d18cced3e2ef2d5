import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { canReadSpace, effectiveSpaceRole } from '../../policies/space-policy.js';
import type { Executor } from '../../store/schema.js';
import { findSpaceWithMemberRole, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';

/** A space and the caller's effective role on it (`null`: a guest reading public content). */
export interface SpaceAccess {
  space: SpaceRecord;
  role: MemberRole | null;
}

/**
 * Loads a space the caller may read. A space that does not exist, one the caller may not see,
 * and (unless `deleted` is `'include'`) one in the trash all answer the same 404.
 */
export async function loadSpaceForCaller(
  db: Executor,
  actor: Actor,
  spaceId: string,
  { deleted = 'exclude' }: { deleted?: 'exclude' | 'include' } = {},
): Promise<SpaceAccess> {
  const found = await findSpaceWithMemberRole(db, spaceId, actor.user.id);
  if (found !== undefined && (deleted === 'include' || found.space.deletedAt === null)) {
    const role = effectiveSpaceRole(found.memberRole, found.space);
    if (canReadSpace(role, found.space)) return { space: found.space, role };
  }
  throw notFound(`Space ${spaceId} not found`);
}
