import type { Kysely, Migration } from 'kysely';

/**
 * PDFs of a space's content, one row per content and options (`key`): what to make, whether it
 * is made yet, and the blob that holds it once it is. A purged space takes its rows along.
 */
export function pdfExportsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pdf_exports')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text')
        .addColumn('only', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text')
        .addColumn('size', 'integer')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('pdf_exports_space')
        .on('pdf_exports')
        .column('space_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pdf_exports').execute();
    },
  };
}
