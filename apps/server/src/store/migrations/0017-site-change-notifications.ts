import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database/dialect.js';
import { notifyChangesOf, stopNotifyingChangesOf } from './change-triggers.js';

// What every reader of a published site reads on every page: the site, its structure, its share
// links and its publishing key.
const watched = [
  'sites',
  'site_section_groups',
  'site_sections',
  'site_spaces',
  'site_share_links',
  'site_publishing_auth',
];

/**
 * On PostgreSQL, a change to a site's rows notifies `quire_changes` as `0014-change-notifications`
 * does for callers and spaces, so the reads published sites keep between requests are dropped by
 * every process. SQLite needs nothing.
 */
export function siteChangeNotificationsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await notifyChangesOf(db, watched);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') await stopNotifyingChangesOf(db, watched);
    },
  };
}
