import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  percentile,
  placement,
  runBench,
  startNode,
  startQuire,
  temporaryDirectory,
} from './bench-processes.js';
import { processCpuSeconds } from './process-cpu.js';

// pnpm bench: reads on the built server (a space; a page as Markdown and as a document: auth,
// validation, the database, presenters, logs at BENCH_LOG_LEVEL, default info) each against a
// bare Hono route answering the same body, both measured in this one run. The server under load
// gets one core and the load generator the other (where taskset exists), and many short rounds
// alternate so that a noisy neighbour hurts both alike; the figure is the median round's ratio.
// Each server's CPU time per request is printed too: where the host steals time, it moves less
// than throughput does. BENCH_DATABASE_URL names another (empty) database to run on.
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = 20;
const serverPort = 18_181;
const barePort = 18_182;
const workdir = temporaryDirectory('quire-bench-bodies-');

interface Round {
  requestsPerSecond: number;
  /** CPU microseconds the server spent per request, where /proc tells. */
  cpuMicroseconds: number | undefined;
}

async function measure(url: string, pid: number, token: string): Promise<Round> {
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
  const {
    pid: quirePid,
    baseUrl,
    token,
    client,
    organizationId,
    databaseKind,
  } = await startQuire(serverPort);
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Benchmark', emoji: '⏱️' },
  });
  // A page with a realistic body, merged into the space, for the page reads.
  const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId: space.id } },
    body: { subject: 'Benchmark page' },
  });
  const markdown = Array.from(
    { length: 12 },
    (_, index) =>
      `## Step ${index + 1}\n\nRun the **installer** with \`--step ${index + 1}\`, then read [the guide](guide.md).\n\n- one\n- two\n`,
  ).join('\n');
  const batch = await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
    params: {
      path: { spaceId: space.id, changeRequestId: changeRequest.id },
      query: { compat: false },
    },
    body: { changes: [{ operation: 'insert_page', title: 'Install', document: { markdown } }] },
  });
  const created = 'changes' in batch ? batch.changes[0] : undefined;
  if (created?.object !== 'created_page') throw new Error('The benchmark page was not created');
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path: { spaceId: space.id, changeRequestId: changeRequest.id } },
  });
  const page = `/v1/spaces/${space.id}/content/page/${created.page.id}`;
  // BENCH_READS=<word> measures only the reads whose name contains it ('space', 'Markdown'…).
  const reads = [
    { name: 'space read', path: `/v1/spaces/${space.id}`, aim: 0.6 },
    { name: 'page read, Markdown', path: `${page}?format=markdown`, aim: 0.5 },
    { name: 'page read, document', path: `${page}?format=document`, aim: 0.5 },
  ].filter((read) => read.name.includes(process.env.BENCH_READS ?? ''));
  // Each body exactly as served, so the bare routes answer the same bytes.
  const routes: string[] = [];
  const bodyLengths: number[] = [];
  for (const [index, read] of reads.entries()) {
    const response = await fetch(`${baseUrl}${read.path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${read.path} answered ${response.status}`);
    const body = await response.text();
    bodyLengths.push(body.length);
    const bodyFile = join(workdir, `body-${index}.json`);
    writeFileSync(bodyFile, body);
    routes.push(`${read.path.split('?')[0]}=${bodyFile}`);
  }
  const barePid = await startNode(
    ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts'), String(barePort), ...routes],
    {},
    `http://127.0.0.1:${barePort}${routes[0]?.split('=')[0]}`,
  );

  console.log(
    `Reads on ${databaseKind}, ${connections} connections, ${rounds} rounds × ${seconds}s each, ${placement}`,
  );
  for (const [index, read] of reads.entries()) {
    // The bare route answers by path alone: the same body whatever the query.
    const quireUrl = `${baseUrl}${read.path}`;
    const bareUrl = `http://127.0.0.1:${barePort}${read.path.split('?')[0]}`;
    await measure(quireUrl, quirePid, token);
    await measure(bareUrl, barePid, token);
    const quire: Round[] = [];
    const bare: Round[] = [];
    for (let round = 0; round < rounds; round += 1) {
      bare.push(await measure(bareUrl, barePid, token));
      quire.push(await measure(quireUrl, quirePid, token));
    }
    report(`${read.name} (${bodyLengths[index]}-byte body)`, quire, bare, read.aim);
  }
}

const median = (values: number[]) => percentile(values, 0.5);
const list = (values: number[], digits = 0) => values.map((v) => v.toFixed(digits)).join(', ');
const throughput = (side: Round[]) => side.map((round) => round.requestsPerSecond);
const cpu = (side: Round[]) =>
  side.every((round) => round.cpuMicroseconds !== undefined)
    ? median(side.map((round) => round.cpuMicroseconds ?? 0))
    : undefined;
const cpuColumn = (side: Round[]) => {
  const microseconds = cpu(side);
  return microseconds === undefined ? '' : `  ${microseconds.toFixed(0)} µs CPU per request`;
};

/** Prints one read's throughputs, CPU per request and the median ratio of its rounds. */
function report(name: string, quire: Round[], bare: Round[], aim: number): void {
  const ratios = quire.map(
    (round, index) => round.requestsPerSecond / (bare[index]?.requestsPerSecond ?? Number.NaN),
  );
  console.log(name);
  console.log(
    `  bare Hono route   ${median(throughput(bare)).toFixed(0).padStart(7)} req/s median${cpuColumn(bare)}  (${list(throughput(bare))})`,
  );
  console.log(
    `  quire endpoint    ${median(throughput(quire)).toFixed(0).padStart(7)} req/s median${cpuColumn(quire)}  (${list(throughput(quire))})`,
  );
  console.log(
    `  ratio             ${median(ratios).toFixed(2)} median of rounds  (${list(ratios, 2)}; aim ≥ ${aim.toFixed(2)})`,
  );
  const bareCpu = cpu(bare);
  const quireCpu = cpu(quire);
  if (bareCpu !== undefined && quireCpu !== undefined) {
    console.log(`  CPU cost ratio    ${(bareCpu / quireCpu).toFixed(2)} bare ÷ quire, per request`);
  }
}

runBench(main);
