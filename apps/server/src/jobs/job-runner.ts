import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { backoffMs, type JobOutcome } from '../domain/jobs/job-outcome.js';
import { shorten } from '../errors.js';
import type { DialectName } from '../store/database/dialect.js';
import {
  claimDueJobs,
  handBackJob,
  type JobClaim,
  type JobRecord,
  type JobSettlement,
  releaseClaim,
  renewJobLease,
  settleJob,
} from '../store/jobs.js';
import type { Database } from '../store/schema.js';
import type { JobDefinition } from './define-job.js';

/** The background worker of one server process. */
export interface JobRunner {
  /** Starts polling for due jobs. */
  start(): void;
  /**
   * Stops polling and waits for the runs in flight, for `stopGraceMs` at most; the jobs of runs
   * still going then are handed back, due at once, for another process to take over.
   */
  stop(): Promise<void>;
  /** Runs every job due now (and those that fall due meanwhile); answers how many runs it made. */
  runDue(): Promise<number>;
}

/** The lease of a job whose kind no handler of this process runs: it is failed at once. */
const unknownKindLeaseMs = 60_000;

// A handler that throws instead of answering an outcome has a bug or hit the database; retry a
// few times with growing pauses in case it was passing, then keep the job as failed.
const unexpectedFailureAttempts = 8;
const unexpectedFailureBackoff = { firstMs: 10_000, maxMs: 3_600_000 };

/** A run going on in this process. */
interface RunInFlight {
  claim: JobClaim;
  kind: string;
  controller: AbortController;
  /** The next beat; a beat is set only once the previous renewal answered. */
  heartbeat: NodeJS.Timeout | undefined;
  /** Set when the run ends: no further beat is set. */
  ended: boolean;
  done: Promise<void>;
}

/**
 * The durable job runner: jobs are rows (state, attempts, lease), so they outlive the process
 * that queued them, and any number of processes on one database can run them side by side.
 * Each job is leased for its own kind's `leaseMs`, and its run renews the lease while it works
 * (every `heartbeatMs`, a quarter of the lease unless given): a live run is never taken over,
 * and a run whose process died is taken over once its lease runs out. Every claim counts an
 * attempt, and a run settles its job only while the job is still its own, so a run that lost
 * its job changes nothing; handlers make a second run harmless.
 * @example const runner = createJobRunner({ db, dialect, clock, logger, jobs }); runner.start();
 */
export function createJobRunner({
  db,
  dialect,
  clock,
  logger,
  jobs,
  pollMs = 1000,
  concurrency = 4,
  heartbeatMs,
  stopGraceMs = 5000,
}: {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  logger: Logger;
  jobs: readonly JobDefinition[];
  pollMs?: number;
  /** Runs this process makes at once. */
  concurrency?: number;
  /** How often a run renews its lease; a quarter of its kind's lease unless given. */
  heartbeatMs?: number;
  /** How long `stop` waits for runs in flight before handing their jobs back. */
  stopGraceMs?: number;
}): JobRunner {
  const definitions = new Map(jobs.map((job) => [job.kind, job]));
  const leaseMs = new Map(jobs.map((job) => [job.kind, job.leaseMs]));
  const inFlight = new Map<string, RunInFlight>();

  /** How many runs of `kind` go on in this process now. */
  const runningOf = (kind: string) =>
    [...inFlight.values()].filter((run) => run.kind === kind).length;
  /** Whether another run of `kind` would pass the kind's own limit. */
  const kindIsFull = (kind: string) => {
    const limit = definitions.get(kind)?.concurrency;
    return limit !== undefined && runningOf(kind) >= limit;
  };
  const claim = (limit: number) =>
    claimDueJobs(db, dialect, {
      now: clock.now(),
      leaseMs,
      defaultLeaseMs: unknownKindLeaseMs,
      limit,
      skipKinds: jobs.map((job) => job.kind).filter(kindIsFull),
    });

  /** Renews a run's lease; a run whose job is no longer its own is told to end. */
  const renew = async (run: RunInFlight, lease: number) => {
    try {
      const now = clock.now();
      const lockedUntil = new Date(now.getTime() + lease);
      if (await renewJobLease(db, run.claim, { lockedUntil, now })) return;
      logger.warn({ jobId: run.claim.id, kind: run.kind }, 'a running job was taken over');
      run.controller.abort(new Error('The job was taken over by another run'));
      stopBeating(run);
      return;
    } catch (error) {
      // The database may be back by the next beat; the lease holds until then.
      logger.error({ err: error, jobId: run.claim.id }, 'renewing a job lease failed');
    }
  };

  // Each beat waits for the renewal before it, so a slow database never has renewals piling up.
  const beat = (run: RunInFlight, lease: number, everyMs: number) => {
    if (run.ended) return;
    run.heartbeat = setTimeout(async () => {
      await renew(run, lease);
      beat(run, lease, everyMs);
    }, everyMs);
    run.heartbeat.unref();
  };
  const stopBeating = (run: RunInFlight) => {
    run.ended = true;
    clearTimeout(run.heartbeat);
  };

  const runJob = async (
    job: JobRecord,
    definition: JobDefinition,
    signal: AbortSignal,
  ): Promise<JobOutcome> => {
    try {
      return await definition.run(job.payload, {
        id: job.id,
        attempts: job.attempts,
        now: clock.now(),
        interrupted: job.interrupted,
        signal,
      });
    } catch (error) {
      const message = shorten(error instanceof Error ? error.message : String(error), 500);
      logger.error(
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
        'a job failed',
      );
      if (job.attempts >= unexpectedFailureAttempts) return { failed: message };
      const delay = backoffMs(job.attempts, unexpectedFailureBackoff);
      return { retryAt: new Date(clock.now().getTime() + delay), error: message };
    }
  };

  const runOne = async (job: JobRecord): Promise<void> => {
    const jobClaim = { id: job.id, attempts: job.attempts };
    const definition = definitions.get(job.kind);
    if (definition === undefined) {
      const error = `No handler runs jobs of kind ${job.kind}`;
      await settleJob(db, jobClaim, { state: 'failed', error }, clock.now());
      return;
    }
    const controller = new AbortController();
    const run: RunInFlight = {
      claim: jobClaim,
      kind: job.kind,
      controller,
      heartbeat: undefined,
      ended: false,
      done: Promise.resolve(),
    };
    beat(run, definition.leaseMs, heartbeatMs ?? definition.leaseMs / 4);
    run.done = (async () => {
      try {
        const outcome = await runJob(job, definition, controller.signal);
        stopBeating(run);
        const settled = await settleJob(db, jobClaim, settlementOf(outcome), clock.now());
        if (!settled) {
          logger.warn(
            { jobId: job.id, kind: job.kind },
            'a run ended after its job was taken over or handed back; what it answered is dropped',
          );
        }
      } finally {
        stopBeating(run);
        inFlight.delete(job.id);
      }
    })();
    inFlight.set(job.id, run);
    await run.done;
  };

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let polling: Promise<void> = Promise.resolve();

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(poll, delayMs);
    timer.unref();
  };

  // Claims as many jobs as there are free slots, without waiting for the runs of earlier claims:
  // a long run (a Git sync) holds one slot, not the runner. A run that ends frees its slot and
  // polls again at once. One poll at a time, so two never count the same free slot.
  let pollingNow = false;
  let pollAgain = false;
  function poll() {
    if (pollingNow) {
      pollAgain = true;
      return;
    }
    pollingNow = true;
    polling = (async () => {
      const free = concurrency - inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const due = await claim(free);
          for (const job of due) {
            // A claim may bring more of a kind than it has slots left: those wait their turn.
            if (kindIsFull(job.kind)) {
              await releaseClaim(db, { id: job.id, attempts: job.attempts }, clock.now());
              continue;
            }
            claimed += 1;
            runOne(job)
              .catch((error: unknown) =>
                logger.error({ err: error, jobId: job.id }, 'settling a job failed'),
              )
              .finally(() => schedule(0));
          }
        } catch (error) {
          logger.error({ err: error }, 'claiming jobs failed; trying again at the next poll');
        }
      }
      pollingNow = false;
      const more = pollAgain || (free > 0 && claimed === free);
      pollAgain = false;
      schedule(more ? 0 : pollMs);
    })();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      poll();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await polling;
      const runs = [...inFlight.values()];
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(runs.map((run) => run.done)),
        new Promise((resolve) => {
          grace = setTimeout(resolve, stopGraceMs);
        }),
      ]);
      clearTimeout(grace);
      for (const run of inFlight.values()) {
        stopBeating(run);
        run.controller.abort(new Error('The server is stopping'));
        const reason = 'Handed back unfinished by a server that stopped';
        await handBackJob(db, run.claim, { reason, now: clock.now() }).catch((error: unknown) =>
          logger.error({ err: error, jobId: run.claim.id }, 'handing a job back failed'),
        );
        logger.info({ jobId: run.claim.id, kind: run.kind }, 'handed back a running job');
      }
    },
    async runDue() {
      let total = 0;
      // Bounded: a handler that keeps retrying at once would otherwise never let this return.
      for (let round = 0; round < 1000; round += 1) {
        const due = await claim(concurrency);
        await Promise.all(due.map(runOne));
        total += due.length;
        if (due.length === 0) break;
      }
      return total;
    },
  };
}

/** How the row keeps what a run answered. */
function settlementOf(outcome: JobOutcome): JobSettlement {
  if ('done' in outcome) return { state: 'done' };
  if ('again' in outcome) return { state: 'again', runAt: outcome.again };
  if ('retryAt' in outcome) return { state: 'retry', runAt: outcome.retryAt, error: outcome.error };
  return { state: 'failed', error: outcome.failed };
}
