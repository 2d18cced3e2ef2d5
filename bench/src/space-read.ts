import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuireClient } from '@quire/client';
import autocannon from 'autocannon';
import { processCpuSeconds } from './process-cpu.js';

// pnpm bench: GET /v1/spaces/{spaceId} on the built server (auth, validation, SQLite, presenter,
// logs at BENCH_LOG_LEVEL, default info) against a bare Hono route answering the same body, both
// measured in this one run. The server under load gets one core and the load generator the other
// (where taskset exists), and many short rounds alternate so that a noisy neighbour hurts both
// alike; the figure is the median round's ratio. Each server's CPU time per request is printed
// too: where the host steals time, it moves less than throughput does.
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = 20;
const token = 'qr_benchmark_token_0123456789';
const serverPort = 18_181;
const barePort = 18_182;
const root = join(import.meta.dirname, '../..');
const workdir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
const children: ChildProcess[] = [];

// Linux only: where taskset is missing the bench runs unpinned and says so.
const pinning =
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' }).status === 0;

/** Starts a Node server (taskset execs it, so the pid is the server's) and waits until it answers. */
async function start(args: string[], env: NodeJS.ProcessEnv, readyUrl: string): Promise<number> {
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

interface Round {
  requestsPerSecond: number;
  /** CPU microseconds the server spent per request, where /proc tells. */
  cpuMicroseconds: number | undefined;
}

async function measure(url: string, pid: number): Promise<Round> {
  const cpuBefore = processCpuSeconds(pid);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const cpuAfter = processCpuSeconds(pid);
  return {
    requestsPerSecond: result.requests.average,
    cpuMicroseconds:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

async function main(): Promise<void> {
  const quirePid = await start(
    [join(root, 'apps/server/dist/main.js')],
    {
      DATABASE_URL: `sqlite:${join(workdir, 'quire.db')}`,
      PORT: String(serverPort),
      BOOTSTRAP_TOKEN: token,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    `http://127.0.0.1:${serverPort}/readyz`,
  );
  const baseUrl = `http://127.0.0.1:${serverPort}`;
  const client = createQuireClient({ baseUrl, token });
  const [organization] = (await client.GET('/orgs')).items;
  if (organization === undefined) throw new Error('The bootstrapped organization is missing');
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId: organization.id } },
    body: { title: 'Benchmark', emoji: '⏱️' },
  });
  const path = `/v1/spaces/${space.id}`;
  // The body exactly as served, so the bare route answers the same bytes.
  const { data: body } = await client.raw.GET('/spaces/{spaceId}', {
    params: { path: { spaceId: space.id } },
    parseAs: 'text',
  });
  if (body === undefined) throw new Error('The benchmark space does not read back');
  const bodyFile = join(workdir, 'space.json');
  writeFileSync(bodyFile, body);
  const barePid = await start(
    ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts'), String(barePort), bodyFile],
    {},
    `http://127.0.0.1:${barePort}/v1/spaces/${space.id}`,
  );

  const quireUrl = `${baseUrl}${path}`;
  const bareUrl = `http://127.0.0.1:${barePort}${path}`;
  await measure(quireUrl, quirePid);
  await measure(bareUrl, barePid);
  const quire: Round[] = [];
  const bare: Round[] = [];
  for (let round = 0; round < rounds; round += 1) {
    bare.push(await measure(bareUrl, barePid));
    quire.push(await measure(quireUrl, quirePid));
  }
  const median = (values: number[]) =>
    [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  const list = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');
  const throughput = (side: Round[]) => side.map((round) => round.requestsPerSecond);
  const ratios = quire.map(
    (round, index) => round.requestsPerSecond / (bare[index]?.requestsPerSecond ?? Number.NaN),
  );
  const cpu = (side: Round[]) =>
    side.every((round) => round.cpuMicroseconds !== undefined)
      ? median(side.map((round) => round.cpuMicroseconds ?? 0))
      : undefined;
  const cpuColumn = (side: Round[]) => {
    const microseconds = cpu(side);
    return microseconds === undefined ? '' : `  ${microseconds.toFixed(0)} µs CPU per request`;
  };
  const placement = pinning ? 'server and load generator on a core each' : 'unpinned';
  console.log(
    `GET /v1/spaces/{spaceId}, ${body.length}-byte body, ${connections} connections, ${rounds} rounds × ${seconds}s, ${placement}`,
  );
  console.log(
    `  bare Hono route   ${median(throughput(bare)).toFixed(0).padStart(7)} req/s median${cpuColumn(bare)}  (${list(throughput(bare))})`,
  );
  console.log(
    `  quire endpoint    ${median(throughput(quire)).toFixed(0).padStart(7)} req/s median${cpuColumn(quire)}  (${list(throughput(quire))})`,
  );
  console.log(
    `  ratio             ${median(ratios).toFixed(2)} median of rounds  (${list(ratios, 2)}; aim ≥ 0.60)`,
  );
  const bareCpu = cpu(bare);
  const quireCpu = cpu(quire);
  if (bareCpu !== undefined && quireCpu !== undefined) {
    console.log(`  CPU cost ratio    ${(bareCpu / quireCpu).toFixed(2)} bare ÷ quire, per request`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
    rmSync(workdir, { recursive: true, force: true });
  });
