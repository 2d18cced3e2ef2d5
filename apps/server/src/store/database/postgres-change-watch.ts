import pg from 'pg';
import type { ChangeVersion } from '../../caches/read-cache.js';
import { anyTable, type TableWriteTracker } from './table-versions.js';

/** The channel the change triggers notify (see the `0014-change-notifications` migration). */
export const changeChannel = 'quire_changes';
const reconnectDelayMs = 1000;

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
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lose = () => {
    listening = false;
    client?.removeAllListeners();
    void client?.end().catch(() => {});
    client = undefined;
    if (!closed && retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        void listen();
      }, reconnectDelayMs);
      retry.unref();
    }
  };
  const listen = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', lose);
    next.on('end', lose);
    next.on('notification', (message) => {
      version += 1;
      // The triggers name the table they fire on.
      tables?.changedElsewhere(message.payload || anyTable);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${changeChannel}`);
      if (closed) {
        await next.end();
        return;
      }
      // Anything may have changed while nobody listened.
      version += 1;
      tables?.changedElsewhere(anyTable);
      listening = true;
    } catch {
      if (client === next) lose();
    }
  };
  void listen();

  return {
    current: () => (listening ? String(version) : undefined),
    noteCommit() {
      version += 1;
    },
    following: () => listening,
    async close() {
      closed = true;
      listening = false;
      if (retry !== undefined) clearTimeout(retry);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => {});
      await current?.end().catch(() => {});
    },
  };
}
