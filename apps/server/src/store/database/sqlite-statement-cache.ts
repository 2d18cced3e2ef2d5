import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** A better-sqlite3 connection that hands out cached prepared statements. */
export interface CachedSqliteDatabase extends KyselySqliteDatabase {
  prepare(sql: string): Statement;
  /** Whether a transaction is open on the connection (Kysely's, held across awaits). */
  readonly inTransaction: boolean;
}

/**
 * Wraps a better-sqlite3 database so that Kysely reuses prepared statements instead of preparing
 * every query again, which was the largest cost of a read. Kysely runs each statement to the end
 * before the next starts, so sharing one statement object is safe. The cache holds the most
 * recently used `capacity` statements; queries are built from a fixed set of shapes, so it
 * stays small.
 */
export function withStatementCache(database: SqliteDatabase, capacity = 500): CachedSqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = database.prepare(sql);
        if (statements.size >= capacity) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      } else {
        // Re-inserting keeps the Map in least-recently-used order.
        statements.delete(sql);
      }
      statements.set(sql, statement);
      return statement;
    },
    get inTransaction() {
      return database.inTransaction;
    },
  };
}
