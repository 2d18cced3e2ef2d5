import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { changeChannel } from '../../src/store/database/postgres-change-watch.js';
import { tableVersionsOf } from '../../src/store/database/table-versions.js';
import type { Database } from '../../src/store/schema.js';

/**
 * Waits until the process behind `db` has heard of every change committed so far. PostgreSQL
 * delivers notifications in the order their transactions committed, on a socket of its own: a
 * marker sent now arrives after all of them, and moves the version of the "table" it names. On
 * SQLite another connection's commit is seen from the next turn of the event loop.
 */
export async function waitForNotifications(db: Kysely<Database>): Promise<void> {
  const versions = tableVersionsOf(db);
  if (versions === undefined) throw new Error('The database follows no changes');
  const marker = `heard_${randomBytes(6).toString('hex')}`;
  const before = versions.current(marker);
  if (before !== undefined && !before.startsWith('following')) {
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  await sql`select pg_notify(${changeChannel}, ${marker})`.execute(db);
  for (let look = 0; look < 10_000; look += 1) {
    if (versions.current(marker) !== before) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error('The notifications never arrived');
}
