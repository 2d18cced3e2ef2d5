import type { Kysely, Migration } from 'kysely';

/**
 * Docs sites: the site, its sections (optionally in section groups), the site spaces that
 * publish spaces at its root or in a section, and its share links. Siblings are ordered by
 * fractional positions; each default is a pointer on the parent, so there is never more than one.
 */
export function sitesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull())
        .addColumn('basename', 'text')
        .addColumn('proxy', 'text')
        .addColumn('adaptive_content', 'integer', (c) => c.notNull())
        .addColumn('agents_context', 'text', (c) => c.notNull())
        .addColumn('default_section_id', 'text')
        .addColumn('default_site_space_id', 'text')
        .addColumn('adaptive_schema', 'text')
        .addColumn('adaptive_schema_updated_at', 'text')
        .addColumn('customization', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sites_organization')
        .on('sites')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createTable('site_section_groups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_section_groups_site')
        .on('site_section_groups')
        .column('site_id')
        .execute();
      await db.schema
        .createTable('site_sections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('section_group_id', 'text', (c) =>
          c.references('site_section_groups.id').onDelete('set null'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('condition', 'text')
        .addColumn('icon', 'text')
        .addColumn('default_site_space_id', 'text')
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_sections_site')
        .on('site_sections')
        .column('site_id')
        .execute();
      await db.schema
        .createTable('site_spaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('section_id', 'text', (c) =>
          c.references('site_sections.id').onDelete('cascade'),
        )
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('condition', 'text')
        .addColumn('customization', 'text')
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('site_spaces_site').on('site_spaces').column('site_id').execute();
      await db.schema
        .createIndex('site_spaces_space')
        .on('site_spaces')
        .column('space_id')
        .execute();
      await db.schema
        .createTable('site_share_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('name', 'text')
        .addColumn('active', 'integer', (c) => c.notNull())
        // SHA-256 of the key, to find a link by the key a reader brings; the key itself only
        // sealed (AES-256-GCM), so admins can be shown it again.
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_sealed', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_share_links_site')
        .on('site_share_links')
        .columns(['site_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'site_share_links',
        'site_spaces',
        'site_sections',
        'site_section_groups',
        'sites',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
