import type { Kysely, Migration } from 'kysely';

/**
 * Integrations and their installations. An integration is keyed by its name and belongs to the
 * organization that published it; its lists (scopes, categories, blocks, …) are JSON, and
 * `block_domains` holds the hosts its blocks unfurl, as a JSON array the list filters on. Its
 * icon and preview images are blobs named by SHA-256; its secrets are one sealed JSON object.
 * An organization installs an integration once; space and site installations hang off that
 * installation, and everything goes when the integration, the organization, the space or the
 * site does. External IDs of installations have their own rows, so the list filters on them
 * exactly on both dialects.
 */
export function integrationsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('integrations')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('summary', 'text')
        .addColumn('runtime', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('categories', 'text', (c) => c.notNull())
        .addColumn('blocks', 'text', (c) => c.notNull())
        .addColumn('block_domains', 'text', (c) => c.notNull())
        .addColumn('content_sources', 'text', (c) => c.notNull())
        .addColumn('configurations', 'text', (c) => c.notNull())
        .addColumn('external_links', 'text', (c) => c.notNull())
        .addColumn('content_security_policy', 'text')
        .addColumn('icon', 'text')
        .addColumn('preview_images', 'text', (c) => c.notNull())
        .addColumn('script', 'text', (c) => c.notNull())
        .addColumn('secrets', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('integrations_organization')
        .on('integrations')
        .columns(['organization_id', 'name'])
        .execute();
      await db.schema
        .createTable('integration_installations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('integration_name', 'text', (c) =>
          c.notNull().references('integrations.name').onDelete('cascade'),
        )
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('space_selection', 'text', (c) => c.notNull())
        .addColumn('site_selection', 'text', (c) => c.notNull())
        .addColumn('configuration', 'text', (c) => c.notNull())
        .addColumn('external_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('integration_installations_organization')
        .on('integration_installations')
        .columns(['integration_name', 'organization_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('integration_installations_created')
        .on('integration_installations')
        .columns(['integration_name', 'created_at', 'id'])
        .execute();
      await db.schema
        .createTable('integration_installation_external_ids')
        .addColumn('installation_id', 'text', (c) =>
          c.notNull().references('integration_installations.id').onDelete('cascade'),
        )
        .addColumn('external_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('integration_installation_external_ids_pk', [
          'installation_id',
          'external_id',
        ])
        .execute();
      await db.schema
        .createIndex('integration_installation_external_ids_value')
        .on('integration_installation_external_ids')
        .columns(['external_id'])
        .execute();
      for (const [table, column, parent] of [
        ['integration_space_installations', 'space_id', 'spaces.id'],
        ['integration_site_installations', 'site_id', 'sites.id'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn('installation_id', 'text', (c) =>
            c.notNull().references('integration_installations.id').onDelete('cascade'),
          )
          .addColumn(column, 'text', (c) => c.notNull().references(parent).onDelete('cascade'))
          .addColumn('configuration', 'text', (c) => c.notNull())
          .addColumn('external_ids', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['installation_id', column])
          .execute();
        await db.schema.createIndex(`${table}_target`).on(table).columns([column]).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('integration_site_installations').execute();
      await db.schema.dropTable('integration_space_installations').execute();
      await db.schema.dropTable('integration_installation_external_ids').execute();
      await db.schema.dropTable('integration_installations').execute();
      await db.schema.dropTable('integrations').execute();
    },
  };
}
