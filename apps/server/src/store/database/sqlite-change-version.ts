import type { ChangeVersion } from '../../caches/read-cache.js';
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

/** An SQLite change version, and how this process reports its own commits to it. */
export interface SqliteChangeVersion extends ChangeVersion {
  /** This connection committed a change (see `reportingCommits`). */
  noteCommit(): void;
}

/**
 * The change version of an SQLite database: `data_version` for the commits of other connections
 * (see {@link sqliteDataVersion}), which leaves this connection's own commits out, and a count
 * of those, which every write through Kysely reports as it commits. `dataVersion` is shared with
 * whatever else follows the connection's `data_version`, so it is read once per turn for all.
 */
export function sqliteChangeVersion(dataVersion: () => string): SqliteChangeVersion {
  let commits = 0;
  return {
    current: () => `${dataVersion()}:${commits}`,
    noteCommit() {
      commits += 1;
    },
  };
}
