import type { Kysely, Migration } from 'kysely';

/**
 * What readers did on published sites (pages viewed, searches, feedback), for the site's
 * insights. No address, cookie or browser is stored: only the site's own ids, the path, and the
 * random ids the reader's browser chose for its session and itself.
 */
export function siteInsightEventsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_insight_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('display_context', 'text', (c) => c.notNull())
        .addColumn('url_path', 'text', (c) => c.notNull())
        .addColumn('site_section_id', 'text')
        .addColumn('site_space_id', 'text')
        .addColumn('space_id', 'text')
        .addColumn('page_id', 'text')
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('visitor_id', 'text', (c) => c.notNull())
        .addColumn('referrer_domain', 'text')
        .addColumn('search_query', 'text')
        .addColumn('feedback_rating', 'text')
        .execute();
      await db.schema
        .createIndex('site_insight_events_site_time')
        .on('site_insight_events')
        .columns(['site_id', 'occurred_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_insight_events').execute();
    },
  };
}
