import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database/dialect.js';
import { notifyChangesOf, stopNotifyingChangesOf } from './change-triggers.js';

// The tables the reads kept between requests come from: the caller behind a token, and a space
// with the caller's role in it.
const watched = [
  'api_tokens',
  'users',
  'organization_members',
  'spaces',
  'space_user_grants',
  'space_team_grants',
  'team_members',
];

/**
 * On PostgreSQL, every statement that changes a watched table notifies `quire_changes` as it
 * commits, so each server process drops what it kept (see `postgres-change-watch.ts`). SQLite
 * needs nothing: its change counters are read on the connection.
 */
export function changeNotificationsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        CREATE FUNCTION quire_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('quire_changes', TG_TABLE_NAME);
          RETURN NULL;
        END
        $$
      `.execute(db);
      await notifyChangesOf(db, watched);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await stopNotifyingChangesOf(db, watched);
      await sql`DROP FUNCTION quire_notify_change()`.execute(db);
    },
  };
}
