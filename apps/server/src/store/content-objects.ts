import { chunks } from './chunks.js';
import type { Executor } from './schema.js';

/** A content object as stored: its hash and its JSON. */
export interface StoredContentObject {
  hash: string;
  data: string;
}

/** The JSON of the objects with these hashes that exist; absent hashes are left out. */
export async function readContentObjects(
  db: Executor,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(hashes)) {
    const rows = await db
      .selectFrom('content_objects')
      .select(['hash', 'data'])
      .where('hash', 'in', part)
      .execute();
    for (const row of rows) found.set(row.hash, row.data);
  }
  return found;
}

/**
 * Stores objects; one already stored is left as it is (same hash, same content), so writing
 * the same content twice, from any space, stores it once.
 */
export async function insertContentObjects(
  db: Executor,
  objects: readonly StoredContentObject[],
): Promise<void> {
  for (const part of chunks(objects)) {
    await db
      .insertInto('content_objects')
      .values(part)
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }
}
