import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { purgeExpiredSpaces } from '../domain/spaces/trash.js';
import type { Database } from '../store/schema.js';
import { startPeriodicSweep } from './periodic-sweep.js';

/** How often the sweep looks for spaces past their 7 days in the trash. */
export const purgeIntervalMs = 60 * 60 * 1000;

/**
 * Starts the background sweep that removes for good the spaces deleted more than seven days
 * ago: once now, then every hour. Answers a function that stops it.
 */
export function startPurgeOfDeletedSpaces(
  db: Kysely<Database>,
  clock: Clock,
  logger: Logger,
  intervalMs: number = purgeIntervalMs,
): () => void {
  return startPeriodicSweep(
    'spaces deleted more than 7 days ago',
    () => purgeExpiredSpaces(db, clock.now()),
    intervalMs,
    logger,
  );
}
