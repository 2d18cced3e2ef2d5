import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobKind } from '../src/domain/jobs/job-kind.js';
import type { JobOutcome } from '../src/domain/jobs/job-outcome.js';
import { defineJob, type JobDefinition, type JobRun } from '../src/jobs/define-job.js';
import { createJobRunner } from '../src/jobs/job-runner.js';
import {
  type RecurringJob,
  recurringJobHandler,
  scheduleRecurringJobs,
} from '../src/jobs/recurring-jobs.js';
import { claimDueJobs, enqueueJob } from '../src/store/jobs.js';
import { startTestServer, type TestServer } from './support/test-server.js';

describe('the durable job runner', () => {
  let server: TestServer;
  /** A run the recording handler made: its payload and what it knew of its job. */
  interface RecordedRun extends JobRun {
    payload: Record<string, unknown>;
  }
  const runs: RecordedRun[] = [];
  let outcomeOf: (run: RecordedRun) => Promise<JobOutcome> = async () => ({ done: true });

  const recording: JobDefinition = {
    kind: 'test',
    leaseMs: 30_000,
    run: async (payload, run) => {
      const recorded = { ...run, payload };
      runs.push(recorded);
      return outcomeOf(recorded);
    },
  };
  const runnerWith = (
    jobs: JobDefinition[] = [recording],
    options: { heartbeatMs?: number; stopGraceMs?: number } = {},
  ) =>
    createJobRunner({
      db: server.services.db,
      dialect: server.services.dialect,
      clock: server.clock,
      logger: pino({ level: 'silent' }),
      jobs,
      pollMs: 10,
      ...options,
    });
  const enqueue = (payload: Record<string, unknown>, kind = 'test', delayMs = 0) =>
    enqueueJob(
      server.services.db,
      { kind, payload, runAt: new Date(server.clock.now().getTime() + delayMs) },
      server.clock.now(),
    );
  const jobRow = (id: string) =>
    server.services.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.services.db.deleteFrom('jobs').execute();
    runs.length = 0;
    outcomeOf = async () => ({ done: true });
  });

  it('runs a due job once with its payload, and forgets it when done', async () => {
    const id = await enqueue({ n: 1 });
    const later = await enqueue({ n: 2 }, 'test', 60_000);
    expect(await runnerWith().runDue()).toBe(1);
    expect(runs).toMatchObject([{ id, payload: { n: 1 }, attempts: 1, interrupted: false }]);
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
    const runner = runnerWith([recurringJobHandler(sweep, pino({ level: 'silent' }))]);
    const schedule = () => scheduleRecurringJobs(server.services.db, [sweep], server.clock.now());
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
    await server.services.db
      .updateTable('jobs')
      .set({ state: 'failed', last_error: 'no handler' })
      .where('id', '=', id)
      .execute();
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
    const [claimed] = await claimDueJobs(server.services.db, server.services.dialect, {
      now: server.clock.now(),
      leaseMs: new Map([['test', 60_000]]),
      defaultLeaseMs: 60_000,
      limit: 1,
    });
    expect(claimed?.id).toBe(id);
    const runner = runnerWith();
    expect(await runner.runDue()).toBe(0);
    server.clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toMatchObject([{ id, attempts: 2, interrupted: true }]);
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

  /** Waits for `condition`, looking again after each turn of the event loop's timers. */
  const until = async (condition: () => Promise<boolean> | boolean, what: string) => {
    for (let look = 0; look < 2000; look += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`Never saw ${what}`);
  };
  /** A handler whose runs wait until the test lets them finish. */
  const heldRuns = () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    outcomeOf = async () => {
      await released;
      return { done: true };
    };
    return release;
  };

  it('leases each job for its own kind, so a dead process holds a short one briefly', async () => {
    const quick: JobDefinition = { ...recording, kind: 'quick', leaseMs: 60_000 };
    const slow: JobDefinition = { ...recording, kind: 'slow', leaseMs: 600_000 };
    const quickId = await enqueue({}, 'quick');
    const slowId = await enqueue({}, 'slow');
    // A process claims both, as its runner does, and is killed before it runs either.
    await claimDueJobs(server.services.db, server.services.dialect, {
      now: server.clock.now(),
      leaseMs: new Map([
        ['quick', 60_000],
        ['slow', 600_000],
      ]),
      defaultLeaseMs: 60_000,
      limit: 10,
    });
    const runner = runnerWith([quick, slow]);
    server.clock.advance(59_999);
    expect(await runner.runDue()).toBe(0);
    server.clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toMatchObject([{ id: quickId, attempts: 2, interrupted: true }]);
    expect(await jobRow(slowId)).toMatchObject({ state: 'running', attempts: 1 });
    server.clock.advance(540_000);
    expect(await runner.runDue()).toBe(1);
    expect(runs.map((run) => run.id)).toEqual([quickId, slowId]);
  });

  it('renews the lease of a live run, so a second runner never takes it over', async () => {
    const release = heldRuns();
    const id = await enqueue({});
    const first = runnerWith([recording], { heartbeatMs: 5 });
    const running = first.runDue();
    await until(() => runs.length === 1, 'the first run');
    // Far past the lease: only the heartbeat keeps the job the first run's.
    server.clock.advance(10 * 60_000);
    const renewedUntil = new Date(server.clock.now().getTime() + recording.leaseMs).toISOString();
    await until(
      async () => ((await jobRow(id))?.locked_until ?? '') >= renewedUntil,
      'the lease renewed',
    );
    expect(await runnerWith().runDue()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(runs).toHaveLength(1);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('drops what a run answers once its job was taken over, and tells the run', async () => {
    const release = heldRuns();
    const id = await enqueue({});
    // No heartbeat within the test: this run's process is as good as dead to the others.
    const stalled = runnerWith([recording], { heartbeatMs: 3_600_000 });
    const stalledRun = stalled.runDue();
    await until(() => runs.length === 1, 'the stalled run');
    server.clock.advance(recording.leaseMs);
    outcomeOf = async () => ({ failed: 'the second run says so' });
    expect(await runnerWith().runDue()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 2 });
    release();
    await stalledRun;
    // The stalled run answered done; the job stays as the run that held it left it.
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      last_error: 'the second run says so',
    });
  });

  it('tells a run that lost its job at its next heartbeat', async () => {
    const id = await enqueue({});
    let aborted = false;
    outcomeOf = async (run) => {
      await until(() => run.signal.aborted, 'the abort');
      aborted = true;
      return { done: true };
    };
    const running = runnerWith([recording], { heartbeatMs: 5 }).runDue();
    await until(() => runs.length === 1, 'the run');
    // Another process took it over meanwhile (its lease had run out there).
    await server.services.db
      .updateTable('jobs')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    await running;
    expect(aborted).toBe(true);
    expect(await jobRow(id)).toMatchObject({ state: 'running', attempts: 2 });
  });

  it('hands back the jobs of runs still going when it stops, for another process at once', async () => {
    const release = heldRuns();
    const id = await enqueue({ n: 1 });
    const stopping = runnerWith([recording], { stopGraceMs: 0 });
    stopping.start();
    await until(() => runs.length === 1, 'the run');
    await stopping.stop();
    expect(await jobRow(id)).toMatchObject({
      state: 'queued',
      interrupted: 1,
      last_error: 'Handed back unfinished by a server that stopped',
    });
    expect(runs[0]?.signal.aborted).toBe(true);
    // No wait for a lease: the next process takes it over now, knowing it was interrupted.
    outcomeOf = async () => ({ done: true });
    expect(await runnerWith().runDue()).toBe(1);
    expect(runs[1]).toMatchObject({ id, attempts: 2, interrupted: true });
    expect(await jobRow(id)).toBeUndefined();
    release();
  });

  it('runs other jobs beside a long one instead of waiting for it', async () => {
    const release = heldRuns();
    const long = await enqueue({ long: true });
    const runner = runnerWith();
    runner.start();
    await until(() => runs.length === 1, 'the long run');
    outcomeOf = async () => ({ done: true });
    const short = await enqueue({ short: true });
    await until(async () => (await jobRow(short)) === undefined, 'the short job done');
    expect(await jobRow(long)).toMatchObject({ state: 'running' });
    release();
    await runner.stop();
    expect(await jobRow(long)).toBeUndefined();
  });

  it("keeps a kind to its own slots, so the others' jobs still run", async () => {
    const release = heldRuns();
    const slow: JobDefinition = { ...recording, kind: 'slow', concurrency: 1 };
    const quick: JobDefinition = {
      kind: 'quick',
      leaseMs: 30_000,
      run: async () => ({ done: true }),
    };
    const first = await enqueue({ n: 1 }, 'slow');
    const second = await enqueue({ n: 2 }, 'slow');
    const other = await enqueue({}, 'quick');
    const runner = runnerWith([slow, quick]);
    runner.start();
    await until(async () => (await jobRow(other)) === undefined, 'the quick job done');
    // One slow job runs; the other waits its kind's turn, not counted as an attempt.
    expect(runs).toHaveLength(1);
    const rows = [await jobRow(first), await jobRow(second)];
    expect(rows.map((row) => row?.state).sort()).toEqual(['queued', 'running']);
    expect(rows.find((row) => row?.state === 'queued')).toMatchObject({ attempts: 0 });
    release();
    await until(async () => (await server.countRows('jobs')) === 0, 'both slow jobs done');
    await runner.stop();
    expect(runs).toHaveLength(2);
  });

  it('runs the jobs of one lane one at a time, in order, and other lanes beside them', async () => {
    const inLane = (payload: Record<string, unknown>, lane: string) =>
      enqueueJob(
        server.services.db,
        { kind: 'test', payload, runAt: server.clock.now(), lane },
        server.clock.now(),
      );
    const release = heldRuns();
    const first = await inLane({ n: 1 }, 'receiver-a');
    const second = await inLane({ n: 2 }, 'receiver-a');
    const other = await inLane({ n: 3 }, 'receiver-b');
    const runner = runnerWith();
    runner.start();
    await until(() => runs.length === 2, 'one run in each lane');
    expect(runs.map((run) => run.id)).toContain(other);
    // The other of lane a is due but waits, not counted as an attempt; another runner (another
    // process) does not take it either.
    const waiting = runs.some((run) => run.id === first) ? second : first;
    expect(await jobRow(waiting)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await runnerWith().runDue()).toBe(0);
    release();
    await until(async () => (await server.countRows('jobs')) === 0, 'every job done');
    await runner.stop();
    expect(runs.at(-1)?.id).toBe(waiting);
  });

  it('claims only the first job of a lane in one claim, and one of a lane whose run died', async () => {
    const at = server.clock.now();
    const lane = (n: number) => ({ kind: 'test', payload: { n }, runAt: at, lane: 'receiver' });
    for (const n of [1, 2, 3]) await enqueueJob(server.services.db, lane(n), at);
    const claim = (now: Date) =>
      claimDueJobs(server.services.db, server.services.dialect, {
        now,
        leaseMs: new Map(),
        defaultLeaseMs: 60_000,
        limit: 10,
      });
    const [claimed, ...more] = await claim(at);
    expect(more).toEqual([]);
    expect(await claim(new Date(at.getTime() + 59_999))).toEqual([]);
    // Its process stopped: once the lease ran out, that job is taken over, alone.
    const [takenOver, ...beside] = await claim(new Date(at.getTime() + 60_000));
    expect(beside).toEqual([]);
    expect(takenOver).toMatchObject({ id: claimed?.id, attempts: 2, interrupted: true });
  });

  it('keeps a job whose payload its kind cannot read as failed at once, saying why', async () => {
    const typed = defineJob(jobKind('typed', { name: 'string' }), {
      leaseMs: 30_000,
      run: async () => ({ done: true }),
    });
    const id = await enqueue({ name: 7 }, 'typed');
    await runnerWith([typed]).runDue();
    expect(await jobRow(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_error: 'A typed job needs a string name in its payload',
    });
  });
});
