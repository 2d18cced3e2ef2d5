import type { Executor, SectionEmbeddingsTable } from './schema.js';

export type SectionEmbeddingRow = SectionEmbeddingsTable;

/** A section of a space's head as the search index holds it, with its row id there. */
export interface IndexedSectionText {
  id: number;
  pageId: string;
  anchor: string;
  heading: string;
  body: string;
}

/** The sections of a space's head, from the search index (kept in step with the head). */
export async function indexedSectionsOf(
  db: Executor,
  spaceId: string,
): Promise<IndexedSectionText[]> {
  const rows = await db
    .selectFrom('indexed_sections')
    .select(['id', 'page_id', 'anchor', 'title', 'body'])
    .where('space_id', '=', spaceId)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    pageId: row.page_id,
    anchor: row.anchor,
    heading: row.title,
    body: row.body,
  }));
}

/** The section hashes of a space's embeddings, by `pageId#anchor`, for one model. */
export async function embeddedHashesOf(
  db: Executor,
  spaceId: string,
): Promise<Map<string, { hash: string; model: string }>> {
  const rows = await db
    .selectFrom('section_embeddings')
    .select(['page_id', 'anchor', 'section_hash', 'model'])
    .where('space_id', '=', spaceId)
    .execute();
  return new Map(
    rows.map((row) => [
      `${row.page_id}#${row.anchor}`,
      { hash: row.section_hash, model: row.model },
    ]),
  );
}

/** Stores embeddings, replacing those the same sections had. */
export async function upsertEmbeddings(
  db: Executor,
  rows: readonly SectionEmbeddingRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('section_embeddings')
    .values([...rows])
    .onConflict((conflict) =>
      conflict.columns(['space_id', 'page_id', 'anchor']).doUpdateSet((update) => ({
        section_hash: update.ref('excluded.section_hash'),
        model: update.ref('excluded.model'),
        vector: update.ref('excluded.vector'),
      })),
    )
    .execute();
}

/** Removes the embeddings of sections a space's head no longer has. */
export async function deleteEmbeddings(
  db: Executor,
  spaceId: string,
  sections: readonly { pageId: string; anchor: string }[],
): Promise<void> {
  for (const { pageId, anchor } of sections) {
    await db
      .deleteFrom('section_embeddings')
      .where('space_id', '=', spaceId)
      .where('page_id', '=', pageId)
      .where('anchor', '=', anchor)
      .execute();
  }
}

/**
 * The embedded sections of these spaces made with `model`, with the id the search index gives
 * each section now (an embedding of a section the index no longer has is left out).
 */
export async function embeddingsOfSpaces(
  db: Executor,
  spaceIds: readonly string[],
  model: string,
): Promise<{ id: number; vector: Uint8Array }[]> {
  if (spaceIds.length === 0) return [];
  const rows = await db
    .selectFrom('section_embeddings as e')
    .innerJoin('indexed_sections as s', (join) =>
      join
        .onRef('s.space_id', '=', 'e.space_id')
        .onRef('s.page_id', '=', 'e.page_id')
        .onRef('s.anchor', '=', 'e.anchor'),
    )
    .select(['s.id', 'e.vector'])
    .where('e.space_id', 'in', [...spaceIds])
    .where('e.model', '=', model)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), vector: row.vector }));
}
