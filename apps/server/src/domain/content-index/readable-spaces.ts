import { notFound } from '../../errors.js';
import { canReadSpace, effectiveSpaceRole } from '../../policies/space-policy.js';
import { liveSpacesOfOrganization, type SearchableSpace } from '../../store/content-index-reads.js';
import { findMember } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import { bestGrantedRole, grantsOfUser } from '../../store/space-grants.js';
import type { Actor } from '../actor.js';

/**
 * The live spaces of an organization the caller may read: by their role there, the spaces'
 * default level and what was granted to them or their teams. Outsiders get a 404.
 */
export async function readableSpacesOf(
  db: Executor,
  actor: Actor,
  organizationId: string,
): Promise<SearchableSpace[]> {
  const member = await findMember(db, organizationId, actor.user.id);
  if (member === undefined) throw notFound(`Organization ${organizationId} not found`);
  const spaces = await liveSpacesOfOrganization(db, organizationId);
  const grants = await grantsOfUser(db, organizationId, actor.user.id);
  return spaces.filter((space) => {
    const role = effectiveSpaceRole(member.role, space, bestGrantedRole(grants.get(space.id)));
    return canReadSpace(role, space);
  });
}
