import type { Kysely } from 'kysely';
import type { Database, Executor } from '../schema.js';
import type { CachedSqliteDatabase } from './sqlite-statement-cache.js';

const connections = new WeakMap<Executor, CachedSqliteDatabase>();

/**
 * Lets the hottest reads on an SQLite database run on its connection directly. better-sqlite3
 * is synchronous, so such a read starts and ends between two of Kysely's steps and cannot
 * interleave with them; going through Kysely's connection lock and promise chain cost as much
 * as the query itself.
 */
export function allowDirectReads(db: Kysely<Database>, sqlite: CachedSqliteDatabase): void {
  connections.set(db, sqlite);
}

/**
 * The connection to read from directly, or `undefined` to go through Kysely: on PostgreSQL, in a
 * transaction of the caller's own (a `Transaction` is never registered), and while another
 * request's transaction is open, whose uncommitted writes a direct read would see.
 */
export function directReadConnection(db: Executor): CachedSqliteDatabase | undefined {
  const sqlite = connections.get(db);
  return sqlite === undefined || sqlite.inTransaction ? undefined : sqlite;
}
