import type { ChangeVersion } from './read-cache.js';
import type { CachedSqliteDatabase } from './sqlite-statement-cache.js';

/**
 * SQLite's `data_version` on a connection: it moves when another connection (the CLI, another
 * process) commits. Reading it costs about 3.5 µs, so it is read once per turn of the event loop:
 * another process's commit is seen from the next turn on, which is before any request that
 * starts after it.
 */
export function sqliteDataVersion(connection: CachedSqliteDatabase): () => string {
  const dataVersion = connection.prepare('PRAGMA data_version').pluck();
  let ofThisTurn: string | undefined;
  return () => {
    if (ofThisTurn === undefined) {
      ofThisTurn = String(dataVersion.get());
      setImmediate(() => {
        ofThisTurn = undefined;
      });
    }
    return ofThisTurn;
  };
}

/**
 * The change version of an SQLite database, read on its connection: `data_version` for the
 * commits of other connections (see {@link sqliteDataVersion}); this connection's own changes
 * leave it alone but move `total_changes()`, which counts every row this connection inserted,
 * updated or deleted, and is read every time (0.2 µs). `dataVersion` is shared with whatever
 * else follows the connection's `data_version`, so it is read once per turn for all of them.
 */
export function sqliteChangeVersion(
  connection: CachedSqliteDatabase,
  dataVersion: () => string,
): ChangeVersion {
  const totalChanges = connection.prepare('SELECT total_changes()').pluck();
  return {
    current() {
      return `${dataVersion()}:${String(totalChanges.get())}`;
    },
  };
}
