import { writeFileSync } from 'node:fs';
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
import { closeConnections, timedGet } from './http-timing.js';
import { buildSpace, editPage, pageMarkdown, wordAt } from './page-space.js';

// pnpm bench (big space): a space of BENCH_PAGES pages (default 10,000), built over HTTP in
// batches of 50 and merged, then on the built server over a real socket: the page tree read
// again and again (time to the last byte; beside it a bare Hono route answering the same bytes),
// then read once after each of BENCH_RUNS one-page edits (a change request merged), and searches of the space with varied words at 1 and at 4 connections (p50/p95/p99).
// BENCH_BASELINE=<another build's main.js> measures that build too, beside this one.
const pageCount = Number(process.env.BENCH_PAGES ?? 10_000);
const treeRuns = Number(process.env.BENCH_RUNS ?? 30);
const searches = Number(process.env.BENCH_SEARCHES ?? 1000);
const searchConcurrencies = [1, 4];
const batchSize = 50;

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
    const { spaceId, seconds } = await buildSpace(quire, pageCount, batchSize);
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

  // The tree read after an edit: the first read of a new revision, which no answer kept.
  for (const space of spaces) {
    const { pages } = await space.quire.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId: space.spaceId } },
    });
    const afterEdit: number[] = [];
    for (let run = 0; run < treeRuns; run += 1) {
      const page = pages[(run * 7919) % pages.length];
      if (page === undefined) throw new Error('The big space has no pages');
      await editPage(space.quire, space.spaceId, page.id, `${pageMarkdown(run)}\nEdit ${run}.\n`);
      afterEdit.push((await timedGet(space.quire, space.treePath)).ms);
    }
    console.log(
      `  ${space.label}page tree after a one-page edit, ${treeRuns} edits: median ${ms(percentile(afterEdit, 0.5))}, p95 ${ms(percentile(afterEdit, 0.95))}   aim ≤ 30 ms`,
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
  closeConnections();
}

runBench(main);
