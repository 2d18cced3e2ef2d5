import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database/dialect.js';
import { notifyChangesOf } from './change-triggers.js';

/**
 * Redirects of a site: a source path (unique among the site's live redirects, and among its
 * drafts) and where it sends readers, as the JSON of the contract's `SiteRedirectDestination`.
 * `changed_at` is the last update, or the creation, so lists sort by it on an index. On
 * PostgreSQL the table notifies its changes as `0017-site-change-notifications` does, since
 * published sites read the live redirects through the read cache.
 */
export function siteRedirectsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_redirects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('capture_wildcard', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('permanent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text')
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_redirects_source')
        .on('site_redirects')
        .columns(['site_id', 'draft', 'source'])
        .unique()
        .execute();
      await db.schema
        .createIndex('site_redirects_created')
        .on('site_redirects')
        .columns(['site_id', 'draft', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('site_redirects_changed')
        .on('site_redirects')
        .columns(['site_id', 'draft', 'changed_at', 'id'])
        .execute();
      if (dialect === 'postgres') await notifyChangesOf(db, ['site_redirects']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_redirects').execute();
    },
  };
}
