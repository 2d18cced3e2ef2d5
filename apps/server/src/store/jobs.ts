import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DialectName } from './database/dialect.js';
import type { Database, Executor } from './schema.js';

/** A job as its handler gets it. */
export interface JobRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Runs started so far, this one included: 1 on the first run. */
  attempts: number;
  runAt: string;
  /**
   * Whether this run takes over one that never ended: its process stopped (killed, or
   * handed the job back as it stopped) before it said what became of the job.
   */
  interrupted: boolean;
}

/**
 * One claim of a job by one run: the job's id and the attempt count the claim made. Every claim
 * counts an attempt, so a run whose job was taken over (its lease ran out) no longer matches,
 * and whatever it says afterwards changes nothing.
 */
export interface JobClaim {
  id: string;
  attempts: number;
}

/** What a job is made from. */
export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** Jobs of one lane run one at a time, in the order they are due (see `claimDueJobs`). */
  lane?: string | undefined;
}

function jobRow(job: NewJob, at: string) {
  return {
    id: randomUUID(),
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    state: 'queued',
    attempts: 0,
    run_at: job.runAt.toISOString(),
    locked_until: null,
    lane: job.lane ?? null,
    last_error: null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * Queues a job in `db`, usually the transaction of the change that calls for it, so the job
 * exists exactly when the change was committed.
 */
export async function enqueueJob(db: Executor, job: NewJob, now: Date): Promise<string> {
  const row = jobRow(job, now.toISOString());
  await db.insertInto('jobs').values(row).execute();
  return row.id;
}

/** Queues several jobs in one statement (see {@link enqueueJob}). */
export async function enqueueJobs(db: Executor, jobs: readonly NewJob[], now: Date): Promise<void> {
  if (jobs.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto('jobs')
    .values(jobs.map((job) => jobRow(job, at)))
    .execute();
}

/**
 * Takes up to `limit` jobs that are due (queued and past their time, or running with a lease
 * that ran out: their process stopped), counting the attempt and leasing each for its kind's
 * `leaseMs` (`defaultLeaseMs` for a kind not listed). On PostgreSQL `FOR UPDATE SKIP LOCKED` lets
 * several processes claim side by side without waiting on or taking each other's jobs; SQLite has
 * one writer at a time. Of a lane, only one job runs: a job whose run died is taken over before
 * the lane moves on, and otherwise only the first queued job (by time, then id) is claimed while
 * none runs. Two processes claiming at once both see that first job, and one of them skips it
 * locked.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  dialect: DialectName,
  {
    now,
    leaseMs,
    defaultLeaseMs,
    limit,
    skipKinds = [],
  }: {
    now: Date;
    leaseMs: ReadonlyMap<string, number>;
    defaultLeaseMs: number;
    limit: number;
    /** Kinds not to claim now (their runs in this process are as many as they may be). */
    skipKinds?: readonly string[];
  },
): Promise<JobRecord[]> {
  const at = now.toISOString();
  const until = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      // Assignments read the row as it was: a job still `running` is one taken over; one handed
      // back is marked so already.
      interrupted: eb
        .case()
        .when('state', '=', 'running')
        .then(1)
        .else(eb.ref('interrupted'))
        .end(),
      locked_until:
        leaseMs.size === 0
          ? until(defaultLeaseMs)
          : sql<string>`case ${sql.join(
              [...leaseMs].map(([kind, ms]) => sql`when kind = ${kind} then ${until(ms)}`),
              sql` `,
            )} else ${until(defaultLeaseMs)} end`,
      updated_at: at,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where((where) =>
          where.or([
            where.and([where('state', '=', 'queued'), where('run_at', '<=', at)]),
            where.and([where('state', '=', 'running'), where('locked_until', '<=', at)]),
          ]),
        )
        .$if(skipKinds.length > 0, (query) => query.where('kind', 'not in', skipKinds))
        .where((where) =>
          where.or([
            where('lane', 'is', null),
            where.and([
              where.not(where.exists(otherRunningInLane(where))),
              where.or([
                where('state', '=', 'running'),
                where.not(where.exists(queuedEarlierInLane(where))),
              ]),
            ]),
          ]),
        )
        .orderBy('run_at')
        .limit(limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returning(['id', 'kind', 'payload', 'attempts', 'run_at', 'interrupted'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts: row.attempts,
    runAt: row.run_at,
    interrupted: Number(row.interrupted) === 1,
  }));
}

type JobWhere = ExpressionBuilder<Database, 'jobs'>;

/** Another job of the same lane that is running, or was when its process stopped. */
function otherRunningInLane(where: JobWhere) {
  return where
    .selectFrom('jobs as other')
    .select('other.id')
    .whereRef('other.lane', '=', 'jobs.lane')
    .whereRef('other.id', '<>', 'jobs.id')
    .where('other.state', '=', 'running');
}

/** A queued job of the same lane that comes before this one. */
function queuedEarlierInLane(where: JobWhere) {
  return where
    .selectFrom('jobs as earlier')
    .select('earlier.id')
    .whereRef('earlier.lane', '=', 'jobs.lane')
    .where('earlier.state', '=', 'queued')
    .where((earlier) =>
      earlier.or([
        earlier('earlier.run_at', '<', earlier.ref('jobs.run_at')),
        earlier.and([
          earlier('earlier.run_at', '=', earlier.ref('jobs.run_at')),
          earlier('earlier.id', '<', earlier.ref('jobs.id')),
        ]),
      ]),
    );
}

/**
 * Moves the queued jobs of a lane to `runAt` at the earliest: a receiver that just failed gets
 * its next delivery when its failed one is retried, not one after the other meanwhile.
 */
export async function deferLane(db: Executor, lane: string, runAt: Date, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: runAt.toISOString(), updated_at: now.toISOString() })
    .where('lane', '=', lane)
    .where('state', '=', 'queued')
    .where('run_at', '<', runAt.toISOString())
    .execute();
}

/**
 * Extends the lease of a job its run still holds, to `lockedUntil`; answers false when the
 * claim is no longer the job's (taken over, handed back or settled).
 */
export async function renewJobLease(
  db: Executor,
  claim: JobClaim,
  { lockedUntil, now }: { lockedUntil: Date; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives back a job whose run its process is leaving unfinished as it stops: due at once, so
 * another process takes it over without waiting for the lease to run out.
 */
export async function handBackJob(
  db: Executor,
  claim: JobClaim,
  { reason, now }: { reason: string; now: Date },
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('jobs')
    .set({
      state: 'queued',
      run_at: at,
      locked_until: null,
      interrupted: 1,
      last_error: reason,
      updated_at: at,
    })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Lets go of a job just claimed that this process will not run after all (its kind has no free
 * slot): queued again as it was, its attempt uncounted.
 */
export async function releaseClaim(db: Executor, claim: JobClaim, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'queued',
      attempts: eb('attempts', '-', 1),
      locked_until: null,
      updated_at: now.toISOString(),
    }))
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('state', '=', 'running')
    .execute();
}

/** What a run made of its job, as the row keeps it. */
export type JobSettlement =
  | { state: 'done' }
  | { state: 'retry'; runAt: Date; error: string }
  | { state: 'again'; runAt: Date }
  | { state: 'failed'; error: string };

/**
 * Settles a claimed job as its run ended: removed when done, queued again (a recurring job's
 * next run fresh, with no attempts), or kept as failed. Answers false, changing nothing, when
 * the claim is no longer the job's.
 */
export async function settleJob(
  db: Executor,
  claim: JobClaim,
  settlement: JobSettlement,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  if (settlement.state === 'done') {
    const result = await db
      .deleteFrom('jobs')
      .where('id', '=', claim.id)
      .where('attempts', '=', claim.attempts)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
  const changes =
    settlement.state === 'retry'
      ? { state: 'queued', run_at: settlement.runAt.toISOString(), last_error: settlement.error }
      : settlement.state === 'again'
        ? { state: 'queued', run_at: settlement.runAt.toISOString(), attempts: 0, last_error: null }
        : { state: 'failed', last_error: settlement.error };
  const result = await db
    .updateTable('jobs')
    .set({ ...changes, locked_until: null, interrupted: 0, updated_at: at })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a queued job nobody needs any more. */
export async function deleteJob(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/**
 * Queues the one job of a recurring kind under its fixed `id`: nothing changes while it is
 * queued or running (another process may have queued it first), and one that failed is queued
 * again.
 */
export async function ensureRecurringJob(
  db: Executor,
  { id, kind, runAt }: { id: string; kind: string; runAt: Date },
  now: Date,
): Promise<void> {
  const row = { ...jobRow({ kind, payload: {}, runAt }, now.toISOString()), id };
  await db
    .insertInto('jobs')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({
          state: 'queued',
          attempts: 0,
          run_at: row.run_at,
          locked_until: null,
          updated_at: row.updated_at,
        })
        .where('jobs.state', '=', 'failed'),
    )
    .execute();
}

/** Moves a queued job up to run at `runAt` when it was to run later; a running job is left be. */
export async function hurryJob(db: Executor, id: string, runAt: Date): Promise<void> {
  const at = runAt.toISOString();
  await db
    .updateTable('jobs')
    .set({ run_at: at, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .where('run_at', '>', at)
    .execute();
}
