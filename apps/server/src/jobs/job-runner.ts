import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { shorten } from '../errors.js';
import type { DialectName } from '../store/dialect.js';
import {
  claimDueJobs,
  deleteJob,
  type JobRecord,
  markJobFailed,
  requeueJob,
  rescheduleJob,
} from '../store/jobs.js';
import type { Database } from '../store/schema.js';

/**
 * What became of one run of a job: done (the job is removed), to be retried, failed for good, or,
 * for a recurring job, done until it runs `again`.
 */
export type JobOutcome =
  | { done: true }
  | { retryAt: Date; error: string }
  | { failed: string }
  | { again: Date };

/** Runs the jobs of one kind. */
export interface JobHandler {
  /**
   * How long one run may take, in milliseconds, before the job counts as abandoned (its process
   * stopped) and another run takes it over. 60 000 unless given.
   */
  leaseMs?: number;
  run(job: JobRecord, now: Date): Promise<JobOutcome>;
}

/** The background worker of one server process. */
export interface JobRunner {
  /** Starts polling for due jobs. */
  start(): void;
  /** Stops polling and waits for the runs in flight. */
  stop(): Promise<void>;
  /** Runs every job due now (and those that fall due meanwhile); answers how many runs it made. */
  runDue(): Promise<number>;
}

// A handler that throws instead of answering an outcome has a bug or hit the database; retry a
// few times with growing pauses in case it was passing, then keep the job as failed.
const unexpectedFailureAttempts = 8;
const unexpectedFailureDelayMs = (attempt: number) =>
  Math.min(2 ** (attempt - 1) * 10_000, 3_600_000);

/**
 * The durable job runner: jobs are rows (state, attempts, lease), so they outlive the process
 * that queued them, and any number of processes on one database can run them side by side.
 * A run that outlives its lease (its process died) is taken over by the next claim, so every job
 * runs at least once; handlers make a second run harmless.
 * @example const runner = createJobRunner({ db, dialect, clock, logger, handlers }); runner.start();
 */
export function createJobRunner({
  db,
  dialect,
  clock,
  logger,
  handlers,
  pollMs = 1000,
  concurrency = 4,
}: {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  concurrency?: number;
}): JobRunner {
  const longestLeaseMs = Math.max(
    60_000,
    ...Object.values(handlers).map((handler) => handler.leaseMs ?? 60_000),
  );

  const runOne = async (job: JobRecord): Promise<void> => {
    const handler = handlers[job.kind];
    const now = clock.now();
    if (handler === undefined) {
      await markJobFailed(db, job.id, { error: `No handler runs jobs of kind ${job.kind}`, now });
      return;
    }
    let outcome: JobOutcome;
    try {
      outcome = await handler.run(job, now);
    } catch (error) {
      const message = shorten(error instanceof Error ? error.message : String(error), 500);
      logger.error(
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
        'a job failed',
      );
      outcome =
        job.attempts < unexpectedFailureAttempts
          ? {
              retryAt: new Date(clock.now().getTime() + unexpectedFailureDelayMs(job.attempts)),
              error: message,
            }
          : { failed: message };
    }
    const finishedAt = clock.now();
    if ('done' in outcome) await deleteJob(db, job.id);
    else if ('again' in outcome) {
      await rescheduleJob(db, job.id, { runAt: outcome.again, now: finishedAt });
    } else if ('retryAt' in outcome) {
      await requeueJob(db, job.id, {
        runAt: outcome.retryAt,
        error: outcome.error,
        now: finishedAt,
      });
    } else await markJobFailed(db, job.id, { error: outcome.failed, now: finishedAt });
  };

  /** Claims and runs one batch; answers how many jobs it ran. */
  const runBatch = async (): Promise<number> => {
    const now = clock.now();
    // Every job of a batch gets the longest lease: a short one could run out while a slow
    // neighbour of the batch is still running.
    const jobs = await claimDueJobs(db, dialect, {
      now,
      lockedUntil: new Date(now.getTime() + longestLeaseMs),
      limit: concurrency,
    });
    await Promise.all(jobs.map(runOne));
    return jobs.length;
  };

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<unknown> = Promise.resolve();

  const poll = () => {
    current = (async () => {
      let ran = 0;
      try {
        ran = await runBatch();
      } catch (error) {
        logger.error({ err: error }, 'claiming jobs failed; trying again at the next poll');
      }
      if (stopped) return;
      // A full batch means more may be waiting: go on at once.
      timer = setTimeout(poll, ran === concurrency ? 0 : pollMs);
      timer.unref();
    })();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      poll();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    async runDue() {
      let total = 0;
      // Bounded: a handler that keeps retrying at once would otherwise never let this return.
      for (let round = 0; round < 1000; round += 1) {
        const ran = await runBatch();
        total += ran;
        if (ran === 0) break;
      }
      return total;
    },
  };
}
