import { sql } from 'kysely';
import { cosineDistance, toSql } from 'pgvector/kysely';
import type { Executor } from './schema.js';

/**
 * Where section vectors are compared: by pgvector in PostgreSQL, when the extension is installed
 * there, or in this process, over the vectors read back.
 */
export type VectorSearch = 'database' | 'process';

/** The embedding of one section of a space's head. */
export interface SectionEmbedding {
  spaceId: string;
  pageId: string;
  anchor: string;
  /** SHA-256 of the text embedded. */
  sectionHash: string;
  model: string;
  vector: Float32Array;
}

/** The vector of one section's embedding. */
export type SectionVector = Pick<SectionEmbedding, 'spaceId' | 'pageId' | 'anchor' | 'vector'>;

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

/**
 * Stores embeddings, replacing those the same sections had; where the database compares vectors,
 * as its `vector` too.
 */
export async function upsertEmbeddings(
  db: Executor,
  embeddings: readonly SectionEmbedding[],
  search: VectorSearch,
): Promise<void> {
  if (embeddings.length === 0) return;
  await db
    .insertInto('section_embeddings')
    .values(
      embeddings.map((embedding) => ({
        space_id: embedding.spaceId,
        page_id: embedding.pageId,
        anchor: embedding.anchor,
        section_hash: embedding.sectionHash,
        model: embedding.model,
        vector: vectorBytes(embedding.vector),
        ...(search === 'database' ? { embedding: toSql([...embedding.vector]) } : {}),
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['space_id', 'page_id', 'anchor']).doUpdateSet((update) => ({
        section_hash: update.ref('excluded.section_hash'),
        model: update.ref('excluded.model'),
        vector: update.ref('excluded.vector'),
        ...(search === 'database' ? { embedding: update.ref('excluded.embedding') } : {}),
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
): Promise<{ id: number; vector: Float32Array }[]> {
  if (spaceIds.length === 0) return [];
  const rows = await withIndexedSections(db, spaceIds, model)
    .select(['s.id', 'e.vector'])
    .execute();
  return rows.map((row) => ({ id: Number(row.id), vector: vectorFromBytes(row.vector) }));
}

/**
 * The `limit` sections of these spaces whose `model` embeddings are nearest `vector` by cosine,
 * compared by pgvector, with their cosine similarity (above 0 only), the most alike first.
 */
export async function nearestEmbeddings(
  db: Executor,
  spaceIds: readonly string[],
  model: string,
  vector: Float32Array,
  limit: number,
): Promise<{ id: number; score: number }[]> {
  if (spaceIds.length === 0) return [];
  // Vectors of another length (a model that changed its size) cannot be compared: they have
  // none, and in the expression itself, since PostgreSQL may order conditions as it likes.
  const distance = sql<number | null>`case when vector_dims(e.embedding) = ${vector.length}
    then ${cosineDistance('e.embedding', [...vector])} end`;
  const rows = await withIndexedSections(db, spaceIds, model)
    .select(['s.id', distance.as('distance')])
    .where(distance, '<', 1)
    .orderBy('distance')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), score: 1 - Number(row.distance) }));
}

/** Embeddings that have no database `vector` yet, at most `limit`: stored before pgvector was. */
export async function embeddingsWithoutDatabaseVector(
  db: Executor,
  limit: number,
): Promise<SectionVector[]> {
  const rows = await db
    .selectFrom('section_embeddings')
    .select(['space_id', 'page_id', 'anchor', 'vector'])
    .where('embedding', 'is', null)
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    spaceId: row.space_id,
    pageId: row.page_id,
    anchor: row.anchor,
    vector: vectorFromBytes(row.vector),
  }));
}

/** Gives a stored embedding its database `vector`. */
export async function setDatabaseVector(
  db: Executor,
  { spaceId, pageId, anchor, vector }: SectionVector,
): Promise<void> {
  await db
    .updateTable('section_embeddings')
    .set({ embedding: toSql([...vector]) })
    .where('space_id', '=', spaceId)
    .where('page_id', '=', pageId)
    .where('anchor', '=', anchor)
    .execute();
}

function withIndexedSections(db: Executor, spaceIds: readonly string[], model: string) {
  return db
    .selectFrom('section_embeddings as e')
    .innerJoin('indexed_sections as s', (join) =>
      join
        .onRef('s.space_id', '=', 'e.space_id')
        .onRef('s.page_id', '=', 'e.page_id')
        .onRef('s.anchor', '=', 'e.anchor'),
    )
    .where('e.space_id', 'in', [...spaceIds])
    .where('e.model', '=', model);
}

/** A vector as stored: little-endian 32-bit floats. */
function vectorBytes(vector: Float32Array): Uint8Array {
  return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A stored vector read back. */
function vectorFromBytes(bytes: Uint8Array): Float32Array {
  // Copied: a Buffer from the database may start at an offset a Float32Array cannot view.
  return new Float32Array(Uint8Array.from(bytes).buffer);
}
