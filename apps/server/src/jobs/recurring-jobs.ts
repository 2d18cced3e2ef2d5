import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ensureRecurringJob } from '../store/jobs.js';
import type { Database } from '../store/schema.js';
import type { JobDefinition } from './define-job.js';

/** Work the server does on a schedule: a sweep that removes what is past its time. */
export interface RecurringJob {
  kind: string;
  /** What the sweep removes (or, with `verb`, does), for the log. */
  what: string;
  /** What the log says the sweep did to `what`; `removed` unless given. */
  verb?: string;
  intervalMs: number;
  /** Does what is due at `now`; answers how many things it did it to. */
  sweep(now: Date): Promise<number>;
}

/**
 * Runs a recurring job on the job runner: its one row runs the sweep, then waits `intervalMs` for
 * the next run. A sweep that fails is logged and tried again at the next run, never given up:
 * sweeps only remove what is past its time, so a late or second run is harmless.
 */
export function recurringJobHandler(job: RecurringJob, logger: Logger): JobDefinition {
  return {
    kind: job.kind,
    leaseMs: 60_000,
    async run(_payload, { now }) {
      try {
        const removed = await job.sweep(now);
        if (removed > 0) logger.info({ count: removed }, `${job.verb ?? 'removed'} ${job.what}`);
      } catch (error) {
        logger.error({ err: error }, `removing ${job.what} failed; retrying at the next run`);
      }
      return { again: new Date(now.getTime() + job.intervalMs) };
    },
  };
}

/**
 * Makes sure each recurring job has its row, due now if it had none. Every process calls this
 * at start; the fixed ids keep one row per job however many processes share the database.
 */
export async function scheduleRecurringJobs(
  db: Kysely<Database>,
  jobs: readonly RecurringJob[],
  now: Date,
): Promise<void> {
  for (const job of jobs) {
    await ensureRecurringJob(db, { id: `recurring:${job.kind}`, kind: job.kind, runAt: now }, now);
  }
}
