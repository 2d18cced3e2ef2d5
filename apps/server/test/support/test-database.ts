import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type OpenDatabase, openDatabase } from '../../src/store/database/dialect.js';
import { migrateToLatest } from '../../src/store/database/migrate.js';

/** A migrated database of its own for one test file, and how to get rid of it. */
export interface TestDatabase extends OpenDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Opens a fresh, migrated database on the engine the test project runs on: SQLite in memory, or
 * a new PostgreSQL database on the server TEST_DATABASE_URL names.
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
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened = openDatabase(url.toString());
  await migrateToLatest(opened.db, opened.dialect);
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

async function withAdminClient(
  url: string,
  use: (client: pg.Client) => Promise<unknown>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}
