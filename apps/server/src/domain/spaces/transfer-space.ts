import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { lastSpacePosition, type SpaceRecord } from '../../store/spaces.js';
import { positionBetween } from '../positions.js';
import { applySpaceChanges } from './update-space.js';

/**
 * Moves a space to the top level of another organization, after its last space. Transferring to
 * the organization the space is already in changes nothing. One transaction.
 */
export async function transferSpaceTo(
  db: Kysely<Database>,
  space: SpaceRecord,
  organizationId: string,
  now: Date,
): Promise<SpaceRecord> {
  if (organizationId === space.organizationId) return space;
  return db.transaction().execute(async (trx) => {
    const last = await lastSpacePosition(trx, { organizationId, parentId: null });
    return applySpaceChanges(trx, space.id, {
      organizationId,
      parentId: null,
      position: positionBetween(last, null),
      updatedAt: now.toISOString(),
    });
  });
}
