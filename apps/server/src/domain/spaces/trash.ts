import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import { purgeSpacesDeletedBefore, type SpaceRecord } from '../../store/spaces.js';
import { changeSpace } from './update-space.js';

/** How long a deleted space can be restored before it is removed for good. */
export const spaceRetentionDays = 7;
const retentionMs = spaceRetentionDays * 24 * 60 * 60 * 1000;

/** Moves a space to the trash. Deleting a space already in the trash changes nothing. */
export async function trashSpace(
  db: Kysely<Database>,
  space: SpaceRecord,
  now: Date,
): Promise<void> {
  if (space.deletedAt !== null) return;
  await changeSpace(db, space.id, { deletedAt: now.toISOString(), updatedAt: now.toISOString() });
}

/**
 * Takes a space out of the trash. A space not in the trash is a 409; one deleted more than
 * seven days ago is gone (404), even if the purge has not reached it yet.
 */
export async function restoreSpaceFromTrash(
  db: Kysely<Database>,
  space: SpaceRecord,
  now: Date,
): Promise<SpaceRecord> {
  if (space.deletedAt === null) throw conflict(`Space ${space.id} is not deleted`);
  if (now.getTime() - Date.parse(space.deletedAt) > retentionMs) {
    throw notFound(
      `Space ${space.id} was deleted more than ${spaceRetentionDays} days ago and can no longer be restored`,
    );
  }
  return changeSpace(db, space.id, { deletedAt: null, updatedAt: now.toISOString() });
}

/** Removes for good every space deleted more than seven days before `now`; answers how many. */
export function purgeExpiredSpaces(db: Kysely<Database>, now: Date): Promise<number> {
  return purgeSpacesDeletedBefore(db, new Date(now.getTime() - retentionMs).toISOString());
}
