import { pollConnections } from '../domain/git-sync/poll-connections.js';
import { purgeExpiredSpaces } from '../domain/spaces/trash.js';
import type { AppServices } from '../services/app-services.js';
import { deleteEventsBefore } from '../store/events.js';
import { deleteSiteInsightEventsBefore } from '../store/site-insight-events.js';
import { deleteAnswersBefore } from '../store/site-questions.js';
import type { RecurringJob } from './recurring-jobs.js';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** What the sweeps need besides the app's dependencies. */
export interface SweepSettings {
  /** Events older than this many days are removed (`AUDIT_RETENTION_DAYS`). */
  auditRetentionDays: number;
  /** Readers' events older than this many days are removed (`INSIGHTS_RETENTION_DAYS`, 365). */
  insightsRetentionDays?: number;
  /** Readers' questions and answers older than this many days are removed (`ASK_RETENTION_DAYS`, 365). */
  askRetentionDays?: number;
}

/**
 * The server's sweeps: hourly, spaces deleted more than seven days ago are purged for good, and
 * audit events and readers' events older than their retention removed; every minute, Git connections due for a poll are
 * looked at and imports queued for those whose branch moved.
 */
export function sweeps(services: AppServices, settings: SweepSettings): RecurringJob[] {
  return [
    {
      kind: 'spaces.purge',
      what: 'spaces deleted more than 7 days ago',
      intervalMs: hourMs,
      sweep: (now) => purgeExpiredSpaces(services.db, now),
    },
    {
      kind: 'events.prune',
      what: `audit events older than ${settings.auditRetentionDays} days`,
      intervalMs: hourMs,
      sweep: (now) =>
        deleteEventsBefore(
          services.db,
          new Date(now.getTime() - settings.auditRetentionDays * dayMs).toISOString(),
        ),
    },
    {
      kind: 'insights.prune',
      what: `readers' events older than ${settings.insightsRetentionDays ?? 365} days`,
      intervalMs: hourMs,
      sweep: (now) =>
        deleteSiteInsightEventsBefore(
          services.db,
          new Date(now.getTime() - (settings.insightsRetentionDays ?? 365) * dayMs).toISOString(),
        ),
    },
    {
      kind: 'questions.prune',
      what: `readers' questions and answers older than ${settings.askRetentionDays ?? 365} days`,
      intervalMs: hourMs,
      sweep: (now) =>
        deleteAnswersBefore(
          services.db,
          new Date(now.getTime() - (settings.askRetentionDays ?? 365) * dayMs).toISOString(),
        ),
    },
    {
      kind: 'git.poll',
      what: 'imports of Git repositories that moved',
      verb: 'queued',
      intervalMs: 60_000,
      sweep: (now) =>
        pollConnections(
          services.db,
          services.gitSecrets,
          services.gitRemotes,
          services.logger,
          now,
        ),
    },
  ];
}
