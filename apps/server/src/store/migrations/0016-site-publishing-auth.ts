import type { Kysely, Migration } from 'kysely';

/**
 * How readers of a `visitor-auth` site prove who they are: the secret their tokens are signed
 * with (sealed under the server's own secret, so admins can be shown it again), the backend, and
 * where a reader without a valid token signs in and out. One row per site, made when first read.
 */
export function sitePublishingAuthMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_publishing_auth')
        .addColumn('site_id', 'text', (c) =>
          c.primaryKey().references('sites.id').onDelete('cascade'),
        )
        .addColumn('backend', 'text', (c) => c.notNull())
        .addColumn('key_sealed', 'text', (c) => c.notNull())
        .addColumn('fallback_url', 'text')
        .addColumn('logout_url', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_publishing_auth').execute();
    },
  };
}
