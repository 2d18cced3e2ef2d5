import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { lastSpacePosition, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import { positionBetween } from '../positions.js';
import { removeSpaceFromSites } from '../sites/site-spaces.js';
import { applySpaceChanges } from './update-space.js';

/**
 * Moves a space to the top level of another organization, after its last space. Transferring to
 * the organization the space is already in changes nothing. One transaction.
 */
export async function transferSpaceTo(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  organizationId: string,
  now: Date,
): Promise<SpaceRecord> {
  if (organizationId === space.organizationId) return space;
  return db.transaction().execute(async (trx) => {
    const last = await lastSpacePosition(trx, { organizationId, parentId: null });
    const moved = await applySpaceChanges(trx, space.id, {
      organizationId,
      parentId: null,
      position: positionBetween(last, null),
      updatedAt: now.toISOString(),
    });
    // Sites publish spaces of their own organization only: the space leaves the old one's sites.
    await removeSpaceFromSites(trx, space.id);
    // Both organizations' audit logs show the space leaving one and arriving in the other.
    const payload = { from: space.organizationId, to: organizationId };
    await recordEvent(trx, actor, spaceEvent('space.transferred', space, payload), now);
    await recordEvent(trx, actor, spaceEvent('space.transferred', moved, payload), now);
    return moved;
  });
}
