import type { Executor } from './schema.js';

/** A content object as stored: its hash and its JSON. */
export interface StoredContentObject {
  hash: string;
  data: string;
}

// SQLite allows 32,766 bound values per statement; stay far below on both engines.
const rowsPerStatement = 400;

/** The JSON of the objects with these hashes that exist; absent hashes are left out. */
export async function readContentObjects(
  db: Executor,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let start = 0; start < hashes.length; start += rowsPerStatement) {
    const rows = await db
      .selectFrom('content_objects')
      .select(['hash', 'data'])
      .where('hash', 'in', hashes.slice(start, start + rowsPerStatement))
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
  for (let start = 0; start < objects.length; start += rowsPerStatement) {
    await db
      .insertInto('content_objects')
      .values(objects.slice(start, start + rowsPerStatement))
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }
}
