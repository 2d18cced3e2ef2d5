import { type Kysely, sql } from 'kysely';
import type { Database, Executor } from '../schema.js';
import {
  embeddingsWithoutDatabaseVector,
  setDatabaseVector,
  type VectorSearch,
} from '../section-embeddings.js';
import type { DialectName } from './dialect.js';

const fillBatch = 500;

/**
 * On PostgreSQL where pgvector can be installed, installs it (it is a trusted extension: a role
 * that may create in the database may install it) and gives section embeddings a `vector` column
 * the database compares, filling it for embeddings stored before. Anywhere else, or for a role
 * that may not install it, embeddings stay compared in process. Run at every start, after the
 * migrations: an extension installed later is taken up then.
 */
export async function enableSectionVectors(db: Kysely<Database>): Promise<VectorSearch> {
  await sql`
    do $$
    begin
      if exists (select 1 from pg_available_extensions where name = 'vector') then
        create extension if not exists vector;
        alter table section_embeddings add column if not exists embedding vector;
      end if;
    exception
      when insufficient_privilege then
        raise notice 'pgvector is available but this role may not install it';
      -- Another process starting at the same time installed it first.
      when unique_violation or duplicate_object or duplicate_column then null;
    end
    $$`.execute(db);
  const search = await vectorSearchOf(db, 'postgres');
  if (search === 'database') {
    for (;;) {
      const unfilled = await embeddingsWithoutDatabaseVector(db, fillBatch);
      // A batch a commit, not a commit a row.
      await db.transaction().execute(async (trx) => {
        for (const embedding of unfilled) await setDatabaseVector(trx, embedding);
      });
      if (unfilled.length < fillBatch) break;
    }
  }
  return search;
}

/** Where this database's section vectors are compared: whether it has pgvector's column. */
export async function vectorSearchOf(db: Executor, dialect: DialectName): Promise<VectorSearch> {
  if (dialect !== 'postgres') return 'process';
  const found = await sql<{ found: number }>`
    select 1 as found from information_schema.columns
    where table_schema = current_schema() and table_name = 'section_embeddings'
      and column_name = 'embedding'`.execute(db);
  return found.rows.length > 0 ? 'database' : 'process';
}
