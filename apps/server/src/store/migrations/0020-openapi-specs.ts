import type { Kysely, Migration } from 'kysely';

/**
 * OpenAPI specs of an organization and their versions. A spec keeps its source (a URL, or the
 * text itself) and where its processing stands; `generation` counts the writes of its source, so
 * a processing job that finds a newer one leaves the result to the newer job. A version keeps
 * its number in the spec (zero-padded text, so lists page by it as by any other text key), the
 * SHA-256 of its files, whose canonical JSON is a blob under that hash (see
 * `domain/openapi/spec-versions.ts`), and what it changed against the version before it.
 */
export function openapiSpecsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('openapi_specs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('source_url', 'text')
        .addColumn('source_text', 'text')
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('processing_state', 'text', (c) => c.notNull())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .addColumn('last_version_id', 'text')
        .addColumn('last_processed_at', 'text')
        .addColumn('last_process_error_code', 'text')
        .addColumn('last_process_errors', 'text')
        .addColumn('last_process_error_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('openapi_specs_slug')
        .on('openapi_specs')
        .columns(['organization_id', 'slug'])
        .unique()
        .execute();
      await db.schema
        .createTable('openapi_spec_versions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('spec_id', 'text', (c) =>
          c.notNull().references('openapi_specs.id').onDelete('cascade'),
        )
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('entry_path', 'text', (c) => c.notNull())
        .addColumn('content_sha256', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('openapi_spec_versions_number')
        .on('openapi_spec_versions')
        .columns(['spec_id', 'number'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('openapi_spec_versions').execute();
      await db.schema.dropTable('openapi_specs').execute();
    },
  };
}
