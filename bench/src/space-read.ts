import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuireClient } from '@quire/client';
import autocannon from 'autocannon';

// pnpm bench: GET /v1/spaces/{spaceId} on the built server (auth, validation, SQLite, presenter,
// logs) against a bare Hono route answering the same body, both measured in this one run, rounds
// alternating so that a noisy neighbour hurts both alike.
const rounds = 3;
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = 20;
const token = 'qr_benchmark_token_0123456789';
const serverPort = 18_181;
const barePort = 18_182;
const root = join(import.meta.dirname, '../..');
const workdir = mkdtempSync(join(tmpdir(), 'quire-bench-'));
const children: ChildProcess[] = [];

function start(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  readyWhen: RegExp,
): Promise<void> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (readyWhen.test(seen)) {
        // From here on the process's output is not read: draining it costs it nothing.
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function measure(url: string): Promise<number> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function main(): Promise<void> {
  await start(
    process.execPath,
    [join(root, 'apps/server/dist/main.js')],
    {
      DATABASE_URL: `sqlite:${join(workdir, 'quire.db')}`,
      PORT: String(serverPort),
      BOOTSTRAP_TOKEN: token,
      LOG_LEVEL: 'info',
    },
    /quire is listening/,
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
  const body = await (
    await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  ).text();
  const bodyFile = join(workdir, 'space.json');
  writeFileSync(bodyFile, body);
  await start(
    join(root, 'node_modules/.bin/tsx'),
    [join(import.meta.dirname, 'bare-server.ts'), String(barePort), bodyFile],
    {},
    /ready/,
  );

  const quireUrl = `${baseUrl}${path}`;
  const bareUrl = `http://127.0.0.1:${barePort}${path}`;
  await measure(quireUrl);
  await measure(bareUrl);
  const quire: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    bare.push(await measure(bareUrl));
    quire.push(await measure(quireUrl));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ratio = mean(quire) / mean(bare);
  console.log(
    `GET /v1/spaces/{spaceId}, ${body.length}-byte body, ${connections} connections, ${rounds} × ${seconds}s each`,
  );
  console.log(
    `  bare Hono route   ${mean(bare).toFixed(0).padStart(7)} req/s  (${bare.map((v) => v.toFixed(0)).join(', ')})`,
  );
  console.log(
    `  quire endpoint    ${mean(quire).toFixed(0).padStart(7)} req/s  (${quire.map((v) => v.toFixed(0)).join(', ')})`,
  );
  console.log(`  ratio             ${ratio.toFixed(2)}  (aim: ≥ 0.60)`);
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
