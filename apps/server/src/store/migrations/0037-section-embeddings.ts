import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database/dialect.js';

/**
 * The embeddings of the sections of spaces' heads, for answering questions by similarity as
 * well as by words: one per section, with the hash of the text it was computed from, so an edit
 * computes again only the sections it changed. The vector is stored as little-endian 32-bit
 * floats and compared in process.
 */
export function sectionEmbeddingsMigration(dialect: DialectName): Migration {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('section_embeddings')
        .addColumn('space_id', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('anchor', 'text', (c) => c.notNull())
        .addColumn('section_hash', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('vector', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('section_embeddings_pk', ['space_id', 'page_id', 'anchor'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('section_embeddings').execute();
    },
  };
}
