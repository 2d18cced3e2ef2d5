import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import {
  findSpacesDeletedBefore,
  purgeSpacesDeletedBefore,
  type SpaceRecord,
} from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent, systemActor } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import { removeSpaceFromSites } from '../sites/site-spaces.js';
import { applySpaceChanges, changeSpace } from './update-space.js';

/** How long a deleted space can be restored before it is removed for good. */
export const spaceRetentionDays = 7;
const retentionMs = spaceRetentionDays * 24 * 60 * 60 * 1000;

/** Moves a space to the trash. Deleting a space already in the trash changes nothing. */
export async function trashSpace(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  now: Date,
): Promise<void> {
  if (space.deletedAt !== null) return;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const deleted = await applySpaceChanges(trx, space.id, { deletedAt: at, updatedAt: at });
    // A deleted space is published nowhere: it leaves every site, and a restore does not put it back.
    await removeSpaceFromSites(trx, space.id);
    await recordEvent(trx, actor, spaceEvent('space.deleted', deleted), now);
  });
}

/**
 * Takes a space out of the trash. A space not in the trash is a 409; one deleted more than
 * seven days ago is gone (404), even if the purge has not reached it yet.
 */
export async function restoreSpaceFromTrash(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  now: Date,
): Promise<SpaceRecord> {
  if (space.deletedAt === null) throw conflict(`Space ${space.id} is not deleted`);
  if (now.getTime() - Date.parse(space.deletedAt) > retentionMs) {
    throw notFound(
      `Space ${space.id} was deleted more than ${spaceRetentionDays} days ago and can no longer be restored`,
    );
  }
  return changeSpace(
    db,
    actor,
    space.id,
    { deletedAt: null, updatedAt: now.toISOString() },
    'space.restored',
  );
}

/**
 * Removes for good every space deleted more than seven days before `now`, recording each removal
 * as the server's own; answers how many.
 */
export function purgeExpiredSpaces(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs).toISOString();
  return db.transaction().execute(async (trx) => {
    for (const space of await findSpacesDeletedBefore(trx, cutoff)) {
      await recordEvent(trx, systemActor, spaceEvent('space.purged', space), now);
    }
    return purgeSpacesDeletedBefore(trx, cutoff);
  });
}
