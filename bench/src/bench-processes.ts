import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuireClient, type QuireClient } from '@quire/client';
import { processCpuSeconds } from './process-cpu.js';

/** The repository root, where the built server lives. */
export const repositoryRoot = join(import.meta.dirname, '../..');

// The load generator (this process) takes core 1 and every server it starts core 0, so the
// figures do not depend on how the scheduler places them. Linux only: where taskset is missing
// the bench runs unpinned and says so.
const pinning =
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' }).status === 0;

/** How the processes are placed, for a bench's first line. */
export const placement = pinning ? 'server and load generator on a core each' : 'unpinned';

const children: ChildProcess[] = [];
const workdirs: string[] = [];

/** A temporary directory, removed by `stopAll`. */
export function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  workdirs.push(dir);
  return dir;
}

/**
 * Starts a Node process on the server's core (taskset execs it, so the pid is the server's) and
 * waits until `readyUrl` answers.
 */
export async function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
): Promise<number> {
  const command = process.execPath;
  const [file, argv] = pinning ? ['taskset', ['-c', '0', command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`))),
  );
  const ready = (async () => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answered = await fetch(readyUrl).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${readyUrl} did not answer within 30 s`);
  })();
  await Promise.race([ready, exited]);
  if (child.pid === undefined) throw new Error(`${args.join(' ')} did not start`);
  return child.pid;
}

/** A built Quire server under test. */
export interface QuireUnderTest {
  pid: number;
  baseUrl: string;
  token: string;
  client: QuireClient;
  /** The bootstrapped organization. */
  organizationId: string;
  /** What the database URL names, for the report. */
  databaseKind: 'SQLite' | 'PostgreSQL';
}

/** The built server: `apps/server/dist/main.js`, or another build's that BENCH_SERVER names. */
export const builtServer =
  process.env.BENCH_SERVER ?? join(repositoryRoot, 'apps/server/dist/main.js');

/**
 * Starts a built server (`main`, this repository's unless given) on `port`, on SQLite in a
 * temporary file unless BENCH_DATABASE_URL names another (empty) database. BENCH_PROFILE=<dir>
 * writes its CPU profile there when it exits; BENCH_LOG_LEVEL sets its log level (default info).
 * The rate limits stay on, at their ceiling: their cost is measured, their 429s never reached.
 */
export async function startQuire(
  port: number,
  env: NodeJS.ProcessEnv = {},
  {
    main = builtServer,
    databaseUrl = process.env.BENCH_DATABASE_URL ??
      `sqlite:${join(temporaryDirectory('quire-bench-'), 'q.db')}`,
  }: { main?: string; databaseUrl?: string } = {},
): Promise<QuireUnderTest> {
  const token = 'qr_benchmark_token_0123456789';
  const profile = process.env.BENCH_PROFILE;
  const baseUrl = `http://127.0.0.1:${port}`;
  const pid = await startNode(
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), main],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BOOTSTRAP_TOKEN: token,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_SEARCH_PER_MINUTE: '1000000',
      ...env,
    },
    `${baseUrl}/readyz`,
  );
  const client = createQuireClient({ baseUrl, token });
  const [organization] = (await client.GET('/orgs')).items;
  if (organization === undefined) throw new Error('The bootstrapped organization is missing');
  return {
    pid,
    baseUrl,
    token,
    client,
    organizationId: organization.id,
    databaseKind: databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL',
  };
}

/** A build a bench measures. */
export interface Build {
  /** What starts its lines: empty when this build is measured alone, else its name and a space. */
  prefix: string;
  /** Starts its server on `port` with `env`; a baseline gets an SQLite database of its own. */
  start(port: number, env?: NodeJS.ProcessEnv): Promise<QuireUnderTest>;
}

/**
 * The builds a bench measures: the one that BENCH_BASELINE names (another build's main.js) first when it is set, then this repository's,
 * in the same rounds for before-and-after pairs from one run.
 */
export function buildsUnderTest(): Build[] {
  const baseline = process.env.BENCH_BASELINE;
  const current: Build = {
    prefix: baseline === undefined ? '' : 'this build ',
    start: (port, env) => startQuire(port, env),
  };
  if (baseline === undefined) return [current];
  const baselineBuild: Build = {
    prefix: 'baseline ',
    start: (port, env) =>
      startQuire(port, env, {
        main: baseline,
        databaseUrl: `sqlite:${join(temporaryDirectory('quire-baseline-'), 'q.db')}`,
      }),
  };
  return [baselineBuild, current];
}

/** Runs `work` and answers what it returned with the CPU microseconds `pid` spent meanwhile. */
export async function withCpu<Result>(
  pid: number,
  work: () => Promise<Result>,
): Promise<{ result: Result; cpuMicroseconds: number | undefined }> {
  const before = processCpuSeconds(pid);
  const result = await work();
  const after = processCpuSeconds(pid);
  return {
    result,
    cpuMicroseconds:
      before === undefined || after === undefined ? undefined : (after - before) * 1e6,
  };
}

/** Stops every process started here and removes the temporary directories. */
export function stopAll(): void {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of workdirs) rmSync(dir, { recursive: true, force: true });
}

/**
 * Runs a bench's `main`, printing what failed, then stops what it started. The server gets time
 * to exit (and write its profile) before the directories go.
 */
export function runBench(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) =>
              child.exitCode === null ? child.once('exit', resolve) : resolve(null),
            ),
        ),
      );
      stopAll();
    });
}

/** The value below which `share` (0..1) of `values` lie. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}
