import type { Kysely } from 'kysely';
import { invalid, notFound } from '../../errors.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  findSpaceById,
  lastSpacePosition,
  neighbourPositions,
  type SiblingScope,
  type SpaceRecord,
} from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { requireCollectionInOrganization } from '../collections/collection-lookup.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import { positionBetween } from '../positions.js';
import { applySpaceChanges } from './update-space.js';

/** Where to move a space: a new parent (`null`: top level) and/or a place next to a sibling. */
export interface SpaceDestination {
  parent?: string | null | undefined;
  position?: { before?: { space: string }; after?: { space: string } } | undefined;
}

/**
 * Moves a space within its organization. Without a position it goes to the end of its new
 * siblings; with one, right before or after the sibling named. One transaction.
 */
export async function moveSpaceTo(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  destination: SpaceDestination,
  now: Date,
): Promise<SpaceRecord> {
  return db.transaction().execute(async (trx) => {
    const parentId = destination.parent === undefined ? space.parentId : destination.parent;
    if (parentId !== null)
      await requireCollectionInOrganization(trx, parentId, space.organizationId);
    const scope: SiblingScope = { organizationId: space.organizationId, parentId };
    const position = await positionIn(trx, scope, space, destination.position);
    const moved = await applySpaceChanges(trx, space.id, {
      parentId,
      position,
      updatedAt: now.toISOString(),
    });
    await recordEvent(trx, actor, spaceEvent('space.moved', moved, { parent: parentId }), now);
    return moved;
  });
}

async function positionIn(
  trx: Executor,
  scope: SiblingScope,
  space: SpaceRecord,
  position: SpaceDestination['position'],
): Promise<string> {
  const anchor = position?.before ?? position?.after;
  if (position === undefined || anchor === undefined) {
    return positionBetween(await lastSpacePosition(trx, scope, space.id), null);
  }
  const field = position.before === undefined ? 'position.after' : 'position.before';
  if (anchor.space === space.id) throw invalid(`${field}: a space cannot be placed next to itself`);
  const sibling = await findSpaceById(trx, anchor.space);
  if (
    sibling === undefined ||
    sibling.deletedAt !== null ||
    sibling.organizationId !== scope.organizationId
  ) {
    throw notFound(`${field}: space ${anchor.space} not found in this organization`);
  }
  if (sibling.parentId !== scope.parentId) {
    throw invalid(`${field}: space ${anchor.space} is not in the destination parent`);
  }
  const { below, above } = await neighbourPositions(trx, scope, sibling.position, space.id);
  return position.before === undefined
    ? positionBetween(sibling.position, above)
    : positionBetween(below, sibling.position);
}
