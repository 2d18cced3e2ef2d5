import type { Kysely, Migration } from 'kysely';

/**
 * Translations of spaces: the source space and languages, the instructions (a document, as
 * JSON), the result space once the first run made it, the figures of the runs, and which job
 * runs it next and which runs it now. `translation_pages` keeps, per source page, the page
 * written for it and the hash of what it was translated from, so a run translates again only
 * the pages whose source changed. A purged source space takes its translations along; the
 * result space stays.
 */
export function translationsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('translations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('source_space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('source_language', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('instructions', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('result_space_id', 'text')
        .addColumn('result_revision_id', 'text')
        .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_words', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_pages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latest_run_duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latest_pages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('latest_words', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('queued_job_id', 'text')
        .addColumn('running_job_id', 'text')
        .addColumn('run_started_at', 'text')
        .execute();
      await db.schema
        .createIndex('translations_organization')
        .on('translations')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('translations_source')
        .on('translations')
        .column('source_space_id')
        .execute();
      await db.schema
        .createTable('translation_pages')
        .addColumn('translation_id', 'text', (c) =>
          c.notNull().references('translations.id').onDelete('cascade'),
        )
        .addColumn('source_page_id', 'text', (c) => c.notNull())
        .addColumn('result_page_id', 'text', (c) => c.notNull())
        .addColumn('source_hash', 'text', (c) => c.notNull())
        .addColumn('words', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('translation_pages_key', ['translation_id', 'source_page_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('translation_pages').execute();
      await db.schema.dropTable('translations').execute();
    },
  };
}
