import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import {
  buildsUnderTest,
  percentile,
  placement,
  type QuireUnderTest,
  runBench,
  startNode,
  temporaryDirectory,
} from './bench-processes.js';

// pnpm bench (big space): a space of BENCH_PAGES pages (default 10,000), built over HTTP in
// batches of 50 and merged, then on the built server over a real socket: the page tree read
// again and again (time to the last byte; beside it a bare Hono route answering the same bytes),
// and searches of the space with varied words at 1 and at 4 connections (p50/p95/p99).
// BENCH_BASELINE=<another build's main.js> measures that build too, beside this one.
const pageCount = Number(process.env.BENCH_PAGES ?? 10_000);
const treeRuns = Number(process.env.BENCH_RUNS ?? 30);
const searches = Number(process.env.BENCH_SEARCHES ?? 1000);
const searchConcurrencies = [1, 4];
const batchSize = 50;

/** Words the pages are written in: pseudo-words, so that searches hit a few pages each. */
const vocabulary = Array.from({ length: 3000 }, (_, index) => {
  const syllables = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'vo', 'ne', 'pi', 'da', 'go', 'fe'];
  let word = '';
  for (let rest = index + 12; rest > 0; rest = Math.floor(rest / 12)) {
    word += syllables[rest % 12];
  }
  return word;
});
const wordAt = (seed: number) => vocabulary[(seed * 7919 + 17) % vocabulary.length] ?? 'word';

function pageMarkdown(index: number): string {
  const sentence = (offset: number) =>
    Array.from({ length: 12 }, (_, word) => wordAt(index * 31 + offset * 13 + word)).join(' ');
  return [
    `# ${wordAt(index)} ${wordAt(index + 1)}`,
    '',
    `${sentence(0)}, with **${wordAt(index + 2)}** and \`${wordAt(index + 3)}\`.`,
    '',
    `## ${wordAt(index + 4)}`,
    '',
    `${sentence(1)}.`,
    '',
    `- ${sentence(2)}`,
    `- ${sentence(3)}`,
    '',
  ].join('\n');
}

/** Builds the space: the pages in one change request, in batches, then merged. */
async function buildSpace(quire: QuireUnderTest): Promise<{ spaceId: string; seconds: number }> {
  const { client, organizationId } = quire;
  const started = performance.now();
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Big space' },
  });
  const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId: space.id } },
    body: { subject: `${pageCount} pages` },
  });
  const path = { spaceId: space.id, changeRequestId: changeRequest.id };
  for (let start = 0; start < pageCount; start += batchSize) {
    await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path, query: { compat: false } },
      body: {
        changes: Array.from({ length: Math.min(batchSize, pageCount - start) }, (_, offset) => ({
          operation: 'insert_page' as const,
          title: `Page ${start + offset} ${wordAt(start + offset)}`,
          document: { markdown: pageMarkdown(start + offset) },
        })),
      },
    });
  }
  await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path },
  });
  return { spaceId: space.id, seconds: (performance.now() - started) / 1000 };
}

const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...searchConcurrencies) });

/** GETs `path`, reading the whole body off the socket; answers the milliseconds and bytes. */
function timedGet(
  server: { baseUrl: string; token: string },
  path: string,
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${server.baseUrl}${path}`,
      { agent, headers: { Authorization: `Bearer ${server.token}` } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
          else resolve({ ms: performance.now() - started, bytes });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * `searches` searches at `connections`, each for a word or two of the pages (the last one also
 * as a prefix); from `first` on, so that runs can ask different questions.
 */
async function measureSearch(
  quire: QuireUnderTest,
  spaceId: string,
  connections: number,
  first: number,
) {
  const times: number[] = [];
  let next = first;
  const last = first + searches;
  const queryOf = (index: number) => {
    const word = wordAt(index * 104_729);
    if (index % 3 === 0) return word.slice(0, Math.max(3, word.length - 2));
    if (index % 3 === 1) return `${word} ${wordAt(index * 104_729 + 1)}`;
    return word;
  };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let index = next++; index < last; index = next++) {
        const query = encodeURIComponent(queryOf(index));
        times.push((await timedGet(quire, `/v1/spaces/${spaceId}/search?query=${query}`)).ms);
      }
    }),
  );
  return times;
}

interface BigSpace {
  label: string;
  quire: QuireUnderTest;
  spaceId: string;
  treePath: string;
}

async function main(): Promise<void> {
  const spaces: BigSpace[] = [];
  for (const [index, build] of buildsUnderTest().entries()) {
    const label = build.prefix;
    const quire = await build.start(18_190 + index);
    const { spaceId, seconds } = await buildSpace(quire);
    console.log(
      `${label}Big space on ${quire.databaseKind}: ${pageCount} pages built over HTTP in ${seconds.toFixed(1)} s (batches of ${batchSize}, then a merge), ${placement}`,
    );
    spaces.push({ label, quire, spaceId, treePath: `/v1/spaces/${spaceId}/content/pages` });
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`;

  // The tree read, first and repeated, alternating with a bare route answering the same body.
  const firsts = [];
  const routes: string[] = [];
  for (const space of spaces) {
    firsts.push(await timedGet(space.quire, space.treePath));
    const bodyFile = join(temporaryDirectory('quire-big-space-'), 'tree.json');
    const body = await fetch(`${space.quire.baseUrl}${space.treePath}`, {
      headers: { Authorization: `Bearer ${space.quire.token}` },
    });
    writeFileSync(bodyFile, await body.text());
    routes.push(`${space.treePath}=${bodyFile}`);
  }
  const barePort = 18_185;
  const [firstSpace] = spaces;
  if (firstSpace === undefined) throw new Error('No server to measure');
  await startNode(
    ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts'), String(barePort), ...routes],
    {},
    `http://127.0.0.1:${barePort}${firstSpace.treePath}`,
  );
  const bare = { baseUrl: `http://127.0.0.1:${barePort}`, token: '' };
  const times = spaces.map(() => ({ quire: [] as number[], bare: [] as number[] }));
  for (let run = 0; run < treeRuns; run += 1) {
    for (const [index, space] of spaces.entries()) {
      times[index]?.bare.push((await timedGet(bare, space.treePath)).ms);
      times[index]?.quire.push((await timedGet(space.quire, space.treePath)).ms);
    }
  }
  for (const [index, space] of spaces.entries()) {
    const first = firsts[index];
    const measured = times[index];
    if (first === undefined || measured === undefined) continue;
    console.log(
      `  ${space.label}page tree, ${(first.bytes / 1e6).toFixed(1)} MB: first read ${ms(first.ms)}, then ${treeRuns} reads: median ${ms(percentile(measured.quire, 0.5))}, p95 ${ms(percentile(measured.quire, 0.95))}   aim ≤ 30 ms`,
    );
    console.log(
      `  ${space.label}the same bytes from a bare Hono route: median ${ms(percentile(measured.bare, 0.5))}, p95 ${ms(percentile(measured.bare, 0.95))}`,
    );
  }

  for (const space of spaces) await measureSearch(space.quire, space.spaceId, 1, 0); // warm-up
  for (const [round, connections] of searchConcurrencies.entries()) {
    for (const space of spaces) {
      // The same questions of every build, and others than the warm-up's.
      const search = await measureSearch(
        space.quire,
        space.spaceId,
        connections,
        (round + 1) * searches,
      );
      console.log(
        `  ${space.label}search, ${searches} varied queries at ${connections} connection${connections > 1 ? 's' : ''}: p50 ${ms(percentile(search, 0.5))}, p95 ${ms(percentile(search, 0.95))}, p99 ${ms(percentile(search, 0.99))}   aim p95 ≤ 20 ms`,
      );
    }
  }
  agent.destroy();
}

runBench(main);
