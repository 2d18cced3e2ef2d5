import type { ChangeVersion } from '../../caches/read-cache.js';
import { listenToPostgres } from './postgres-listener.js';
import { anyTable, type TableWriteTracker } from './table-versions.js';

/** The channel the change triggers notify (see the `0014-change-notifications` migration). */
export const changeChannel = 'quire_changes';

/** A PostgreSQL change version, and how this process reports its own commits to it. */
export interface PostgresChangeWatch extends ChangeVersion {
  /** This process committed a change: it counts at once, before its notification comes back. */
  noteCommit(): void;
  /** Whether other processes' changes are being followed now. */
  following(): boolean;
  close(): Promise<void>;
}

/**
 * Follows the changes to a PostgreSQL database that cached reads depend on: a connection of its
 * own LISTENs to what the tables' triggers notify, and this process's commits count as they
 * happen. With `tables`, each notification also moves the version of the table it names. While that connection is down (and until it is back and listening) there is no
 * version, so nothing is served from the cache: a change is never missed.
 */
export function watchPostgresChanges(
  connectionString: string,
  tables?: TableWriteTracker,
): PostgresChangeWatch {
  let version = 0;
  const listener = listenToPostgres(connectionString, changeChannel, {
    onMessage(table) {
      version += 1;
      // The triggers name the table they fire on.
      tables?.changedElsewhere(table || anyTable);
    },
    onListening() {
      // Anything may have changed while nobody listened.
      version += 1;
      tables?.changedElsewhere(anyTable);
    },
  });

  return {
    current: () => (listener.listening() ? String(version) : undefined),
    noteCommit() {
      version += 1;
    },
    following: listener.listening,
    close: listener.close,
  };
}
