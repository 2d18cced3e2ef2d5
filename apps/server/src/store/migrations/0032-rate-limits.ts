import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database/dialect.js';

/**
 * The budgets of the rate limits, shared by the processes on a PostgreSQL database, in the shape
 * `rate-limiter-flexible` reads and writes (a key, the points used, when they expire in epoch
 * milliseconds). SQLite has one process, which counts in memory.
 */
export function rateLimitsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      )`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await db.schema.dropTable('rate_limits').execute();
    },
  };
}
