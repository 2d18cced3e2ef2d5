import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../src/store/database/dialect.js';
import { migrateToLatest } from '../../src/store/database/migrate.js';
import { withAdminClient } from './postgres-admin.js';

/** A migrated database of its own for one test file, and how to get rid of it. */
export interface TestDatabase extends OpenDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Opens a fresh, migrated database on the engine the test project runs on: SQLite in memory, or
 * a new PostgreSQL database on the server TEST_DATABASE_URL names, copied from the run's template.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (process.env.QUIRE_TEST_DATABASE !== 'postgres') {
    const url = 'sqlite::memory:';
    const opened = openDatabase(url);
    await migrateToLatest(opened.db, opened.dialect);
    return { ...opened, url, drop: () => opened.db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl === undefined) throw new Error('The postgres test project needs TEST_DATABASE_URL');
  const name = `quire_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (see postgres-template.global.ts).
  const template = inject('postgresTemplate');
  await withAdminClient(adminUrl, (client) =>
    client.query(`create database ${name}${template === '' ? '' : ` template ${template}`}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = openDatabase(url.toString());
  if (template === '') await migrateToLatest(opened.db, opened.dialect);
  return {
    ...opened,
    url: url.toString(),
    drop: async () => {
      await opened.db.destroy();
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database ${name} with (force)`),
      );
    },
  };
}

/**
 * A second connection to the database of {@link openTestDatabase} at `url`, as another server
 * process has; dropping it only closes the connection. SQLite in memory has no second
 * connection: there it throws.
 */
export function joinTestDatabase(url: string): TestDatabase {
  if (url === 'sqlite::memory:') throw new Error('A database in memory has no second connection');
  const opened = openDatabase(url);
  return { ...opened, url, drop: () => opened.db.destroy() };
}
