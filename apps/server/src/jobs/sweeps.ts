import type { AppDeps } from '../deps.js';
import { purgeExpiredSpaces } from '../domain/spaces/trash.js';
import { deleteEventsBefore } from '../store/events.js';
import type { RecurringJob } from './recurring-jobs.js';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** What the sweeps need besides the app's dependencies. */
export interface SweepSettings {
  /** Events older than this many days are removed (`AUDIT_RETENTION_DAYS`). */
  auditRetentionDays: number;
}

/**
 * The server's sweeps, each hourly: spaces deleted more than seven days ago are purged for good,
 * and events older than the retention removed.
 */
export function sweeps(deps: AppDeps, settings: SweepSettings): RecurringJob[] {
  return [
    {
      kind: 'spaces.purge',
      what: 'spaces deleted more than 7 days ago',
      intervalMs: hourMs,
      sweep: (now) => purgeExpiredSpaces(deps.db, now),
    },
    {
      kind: 'events.prune',
      what: `audit events older than ${settings.auditRetentionDays} days`,
      intervalMs: hourMs,
      sweep: (now) =>
        deleteEventsBefore(
          deps.db,
          new Date(now.getTime() - settings.auditRetentionDays * dayMs).toISOString(),
        ),
    },
  ];
}
