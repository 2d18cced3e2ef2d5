import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner, type JobHandler, type JobOutcome } from '../src/jobs/job-runner.js';
import {
  type RecurringJob,
  recurringJobHandler,
  scheduleRecurringJobs,
} from '../src/jobs/recurring-jobs.js';
import { claimDueJobs, enqueueJob, type JobRecord, markJobFailed } from '../src/store/jobs.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('the durable job runner', () => {
  let server: TestServer;
  const runs: JobRecord[] = [];
  let outcomeOf: (job: JobRecord) => Promise<JobOutcome> = async () => ({ done: true });

  const recording: JobHandler = {
    leaseMs: 30_000,
    run: async (job) => {
      runs.push(job);
      return outcomeOf(job);
    },
  };
  const runnerWith = (handlers: Record<string, JobHandler> = { test: recording }) =>
    createJobRunner({
      db: server.deps.db,
      dialect: server.deps.dialect,
      clock: server.clock,
      logger: pino({ level: 'silent' }),
      handlers,
      pollMs: 10,
    });
  const enqueue = (payload: Record<string, unknown>, kind = 'test', delayMs = 0) =>
    enqueueJob(
      server.deps.db,
      { kind, payload, runAt: new Date(server.clock.now().getTime() + delayMs) },
      server.clock.now(),
    );
  const jobRow = (id: string) =>
    server.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.deps.db.deleteFrom('jobs').execute();
    runs.length = 0;
    outcomeOf = async () => ({ done: true });
  });

  it('runs a due job once with its payload, and forgets it when done', async () => {
    const id = await enqueue({ n: 1 });
    const later = await enqueue({ n: 2 }, 'test', 60_000);
    expect(await runnerWith().runDue()).toBe(1);
    expect(runs).toMatchObject([{ id, kind: 'test', payload: { n: 1 }, attempts: 1 }]);
    expect(await jobRow(id)).toBeUndefined();
    expect(await jobRow(later)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('runs a job again at the time its handler asks for', async () => {
    const id = await enqueue({});
    outcomeOf = async (job) =>
      job.attempts < 3
        ? {
            retryAt: new Date(server.clock.now().getTime() + 1000),
            error: `attempt ${job.attempts}`,
          }
        : { done: true };
    const runner = runnerWith();
    await runner.runDue();
    expect(await jobRow(id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'attempt 1',
    });
    expect(await runner.runDue()).toBe(0);
    server.clock.advance(1000);
    await runner.runDue();
    server.clock.advance(1000);
    await runner.runDue();
    expect(runs.map((job) => job.attempts)).toEqual([1, 2, 3]);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('keeps a job that failed for good, with why', async () => {
    const id = await enqueue({});
    outcomeOf = async () => ({ failed: 'the source is gone' });
    await runnerWith().runDue();
    expect(await jobRow(id)).toMatchObject({ state: 'failed', last_error: 'the source is gone' });
    server.clock.advance(24 * 60 * 60 * 1000);
    expect(await runnerWith().runDue()).toBe(0);
  });

  it('retries a handler that throws with growing pauses, then gives up', async () => {
    const id = await enqueue({});
    outcomeOf = async () => {
      throw new Error('database away');
    };
    const runner = runnerWith();
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await runner.runDue();
      const row = await jobRow(id);
      if (row?.state !== 'queued') break;
      const pause = new Date(row.run_at).getTime() - server.clock.now().getTime();
      pauses.push(pause);
      server.clock.advance(pause);
    }
    expect(pauses).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000]);
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 8,
      last_error: 'database away',
    });
  });

  it('keeps one row per recurring job, runs it on its interval, and queues a failed one again', async () => {
    let sweeps = 0;
    const sweep: RecurringJob = {
      kind: 'test.sweep',
      what: 'test rows',
      intervalMs: 60_000,
      sweep: async () => {
        sweeps += 1;
        if (sweeps === 2) throw new Error('the database went away');
        return 1;
      },
    };
    const runner = runnerWith({
      'test.sweep': recurringJobHandler(sweep, pino({ level: 'silent' })),
    });
    const schedule = () => scheduleRecurringJobs(server.deps.db, [sweep], server.clock.now());
    await schedule();
    await schedule();
    expect(await runner.runDue()).toBe(1);
    const id = 'recurring:test.sweep';
    const next = new Date(server.clock.now().getTime() + 60_000).toISOString();
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0, run_at: next });
    // A sweep that throws is tried again at the next run, not given up.
    server.clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(sweeps).toBe(2);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0 });
    // Failed some other way (a handler missing in an older process), the next start queues it.
    await markJobFailed(server.deps.db, id, { error: 'no handler', now: server.clock.now() });
    await schedule();
    expect(await jobRow(id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      run_at: server.clock.now().toISOString(),
    });
    expect(await runner.runDue()).toBe(1);
    expect(sweeps).toBe(3);
  });

  it('keeps jobs of a kind no handler runs as failed', async () => {
    const id = await enqueue({}, 'unheard-of');
    await runnerWith().runDue();
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      last_error: 'No handler runs jobs of kind unheard-of',
    });
  });

  it('takes over a job whose process stopped once its lease runs out', async () => {
    const id = await enqueue({});
    // A process claims it, then dies without a word.
    const [claimed] = await claimDueJobs(server.deps.db, server.deps.dialect, {
      now: server.clock.now(),
      lockedUntil: new Date(server.clock.now().getTime() + 60_000),
      limit: 1,
    });
    expect(claimed?.id).toBe(id);
    const runner = runnerWith();
    expect(await runner.runDue()).toBe(0);
    server.clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toMatchObject([{ id, attempts: 2 }]);
  });

  it('runs each job once when several runners share the database', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, n) => enqueue({ n })));
    outcomeOf = async () => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return { done: true };
    };
    const counts = await Promise.all(
      [runnerWith(), runnerWith(), runnerWith()].map((r) => r.runDue()),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(runs.map((job) => job.id).sort()).toEqual([...ids].sort());
  });

  it('polls once started, and finishes the run in flight when stopped', async () => {
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      outcomeOf = async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        return { done: true };
      };
    });
    const runner = runnerWith();
    runner.start();
    const id = await enqueue({});
    await started;
    const stopping = runner.stop();
    release();
    await stopping;
    expect(runs).toHaveLength(1);
    expect(await jobRow(id)).toBeUndefined();
  });
});
