import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { purgeExpiredSpaces } from '../domain/spaces/trash.js';
import type { Database } from '../store/schema.js';

/** How often the sweep looks for spaces past their 7 days in the trash. */
export const purgeIntervalMs = 60 * 60 * 1000;

/**
 * Starts the background sweep that removes for good the spaces deleted more than seven days
 * ago: once now, then every hour. Several server processes may run it at once; a delete of rows
 * already gone is harmless. Answers a function that stops it.
 */
export function startPurgeOfDeletedSpaces(
  db: Kysely<Database>,
  clock: Clock,
  logger: Logger,
  intervalMs: number = purgeIntervalMs,
): () => void {
  const sweep = async () => {
    try {
      const purged = await purgeExpiredSpaces(db, clock.now());
      if (purged > 0) logger.info({ purged }, 'purged spaces deleted more than 7 days ago');
    } catch (error) {
      logger.error({ err: error }, 'purge of deleted spaces failed; retrying at the next sweep');
    }
  };
  void sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
