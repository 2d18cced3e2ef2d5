import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { deleteEventsBefore } from '../store/events.js';
import type { Database } from '../store/schema.js';
import { startPeriodicSweep } from './periodic-sweep.js';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Starts the background sweep that removes events older than the retention
 * (`AUDIT_RETENTION_DAYS`): once now, then every hour. Answers a function that stops it.
 */
export function startPruningOfAuditEvents(
  db: Kysely<Database>,
  clock: Clock,
  retentionDays: number,
  logger: Logger,
  intervalMs: number = 60 * 60 * 1000,
): () => void {
  return startPeriodicSweep(
    `audit events older than ${retentionDays} days`,
    () =>
      deleteEventsBefore(db, new Date(clock.now().getTime() - retentionDays * dayMs).toISOString()),
    intervalMs,
    logger,
  );
}
