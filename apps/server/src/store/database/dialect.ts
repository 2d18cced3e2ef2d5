import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../schema.js';
import { registerChangeVersion } from './change-version.js';
import { reportingCommits } from './commit-reporting-dialect.js';
import { watchPostgresChanges } from './postgres-change-watch.js';
import { sqliteChangeVersion, sqliteDataVersion } from './sqlite-change-version.js';
import { allowDirectReads } from './sqlite-direct-reads.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { enableTableVersions, trackTableVersions } from './table-versions.js';

/** Which SQL engine a database runs on; the few places where SQL differs switch on it. */
export type DialectName = 'sqlite' | 'postgres';

/** An open database and the engine behind it. */
export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
}

/**
 * Opens the database a `DATABASE_URL` names: `sqlite:<path>` (or `sqlite::memory:`) or
 * `postgres://…`.
 * @example const { db } = openDatabase('sqlite:./data/quire.db');
 */
export function openDatabase(url: string): OpenDatabase {
  if (url.startsWith('sqlite:'))
    return { db: openSqlite(url.slice('sqlite:'.length)), dialect: 'sqlite' };
  return { db: openPostgres(url), dialect: 'postgres' };
}

function openSqlite(path: string): Kysely<Database> {
  const inMemory = path === ':memory:' || path === '';
  // The default DATABASE_URL points into ./data, which a fresh checkout does not have yet.
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(inMemory ? ':memory:' : path);
  // WAL lets readers and the writer work at once; foreign keys are off by default in SQLite;
  // the busy timeout makes a second process (the CLI) wait for a lock instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const cached = withStatementCache(database);
  // Other connections' commits are seen through `data_version`, whatever table they changed.
  const dataVersion = sqliteDataVersion(cached);
  const tables = trackTableVersions(dataVersion);
  // Every write goes through Kysely (direct reads only read), so its commits count them all.
  const changes = sqliteChangeVersion(dataVersion);
  const db = new Kysely<Database>({
    dialect: reportingCommits(new SqliteDialect({ database: cached }), {
      onCommit: changes.noteCommit,
      tables,
    }),
  });
  allowDirectReads(db, cached);
  registerChangeVersion(db, changes);
  enableTableVersions(db, tables);
  return db;
}

function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closed (a restart, a failover, an administrator) is an 'error'
  // on the pool; without a listener that would crash the process. The pool has already dropped
  // that connection and opens a new one for the next query, so there is nothing else to do.
  pool.on('error', () => {});
  // Other processes' commits are seen through the notifications, table by table.
  const tables = trackTableVersions(() => (changes.following() ? 'following' : undefined));
  const changes = watchPostgresChanges(connectionString, tables);
  const dialect = reportingCommits(new PostgresDialect({ pool }), {
    onCommit: changes.noteCommit,
    onDestroy: changes.close,
    tables,
  });
  const db = new Kysely<Database>({ dialect });
  registerChangeVersion(db, changes);
  enableTableVersions(db, tables);
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The connection pool of a PostgreSQL database, for the few libraries that take one (the rate
 * limits' store); `undefined` on SQLite.
 */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}
