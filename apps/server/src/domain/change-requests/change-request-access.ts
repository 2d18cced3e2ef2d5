import { notFound } from '../../errors.js';
import { type ChangeRequestWithAuthor, findChangeRequest } from '../../store/change-requests.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { loadSpaceForCaller, type SpaceAccess } from '../spaces/space-access.js';

/** A change request, its space and the caller's role on it. */
export interface ChangeRequestAccess extends SpaceAccess, ChangeRequestWithAuthor {}

/**
 * Loads a change request of a space the caller may read, by id or number; a change request
 * that does not exist and one in a space the caller cannot see are the same 404.
 */
export async function loadChangeRequestForCaller(
  db: Executor,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
): Promise<ChangeRequestAccess> {
  const access = await loadSpaceForCaller(db, actor, spaceId);
  const found = await findChangeRequest(db, access.space.id, changeRequestId);
  if (found === undefined) {
    throw notFound(`Change request ${changeRequestId} not found in space ${spaceId}`);
  }
  return { ...access, ...found };
}
