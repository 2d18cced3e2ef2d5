import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DialectName } from './dialect.js';
import type { Database, Executor } from './schema.js';

/** A job as its handler gets it. */
export interface JobRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Runs started so far, this one included: 1 on the first run. */
  attempts: number;
  runAt: string;
}

/** What a job is made from. */
export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: Date;
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
 * that ran out: their process stopped), leasing them until `lockedUntil` and counting the
 * attempt. On PostgreSQL `FOR UPDATE SKIP LOCKED` lets several processes claim side by side
 * without waiting on or taking each other's jobs; SQLite has one writer at a time.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  dialect: DialectName,
  { now, lockedUntil, limit }: { now: Date; lockedUntil: Date; limit: number },
): Promise<JobRecord[]> {
  const at = now.toISOString();
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      locked_until: lockedUntil.toISOString(),
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
        .orderBy('run_at')
        .limit(limit)
        .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
    )
    .returning(['id', 'kind', 'payload', 'attempts', 'run_at'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts: row.attempts,
    runAt: row.run_at,
  }));
}

/** Removes a job that is done. */
export async function deleteJob(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** Puts a job back in the queue to run again at `runAt`. */
export async function requeueJob(
  db: Executor,
  id: string,
  { runAt, error, now }: { runAt: Date; error: string; now: Date },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: 'queued',
      run_at: runAt.toISOString(),
      locked_until: null,
      last_error: error,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
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

/** Queues a recurring job for its next run, as fresh as when it was first queued. */
export async function rescheduleJob(
  db: Executor,
  id: string,
  { runAt, now }: { runAt: Date; now: Date },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: 'queued',
      attempts: 0,
      run_at: runAt.toISOString(),
      locked_until: null,
      last_error: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** Marks a job that will not run again; failed jobs stay for whoever looks into them. */
export async function markJobFailed(
  db: Executor,
  id: string,
  { error, now }: { error: string; now: Date },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'failed', locked_until: null, last_error: error, updated_at: now.toISOString() })
    .where('id', '=', id)
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
