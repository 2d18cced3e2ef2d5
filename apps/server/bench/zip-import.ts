import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { components } from '@quire/contract';
import { readMarkdown } from '@quire/document';
import type { KyselyPlugin } from 'kysely';
import type { CoreServices } from '../src/services/core-services.js';
import { FixtureServer } from '../test/support/fixture-server.js';
import { startBenchApp } from './bench-app.js';
import { buildGitBookZip } from './gitbook-zip.js';

// pnpm bench (zip import): imports a GitBook-style zip of 1,000 pages (BENCH_PAGES) served on
// loopback into a new space, through the typed client against the in-process server on an SQLite
// file, BENCH_RUNS times (the first starts the worker threads), and prints the total time and
// where it went. The phases are told apart by the dependencies the import calls: the converter's
// `fromMarkdownMany`, the first query of the write's transaction, its first content object
// insert, and the search and link indexes that follow the space's head. CPU time is of every
// thread of the process (steadier than wall time on a shared machine). BENCH_PROFILE=<dir>
// writes a V8 CPU profile of the main thread during the last run to <dir>/zip-import.cpuprofile
// (summarize it with bench/src/cpu-profile-summary.ts).
const pageCount = Number(process.env.BENCH_PAGES ?? 1000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const profileDir = process.env.BENCH_PROFILE;

/** When each step of one import started, in `performance.now()` milliseconds. */
interface Marks {
  markdownStart?: number;
  markdownEnd?: number;
  transactionStart?: number;
  objectsStart?: number;
  indexesStart?: number;
  indexesEnd?: number;
}

type RevisionPage = components['schemas']['RevisionPage'];

let marks: Marks = {};

/** The dependencies with the steps of an import marked as they run. */
function marking(core: CoreServices): CoreServices {
  const queries: KyselyPlugin = {
    transformQuery({ node }) {
      const now = performance.now();
      if (marks.markdownEnd !== undefined) marks.transactionStart ??= now;
      if (
        node.kind === 'InsertQueryNode' &&
        node.into?.table.identifier.name === 'content_objects'
      ) {
        marks.objectsStart ??= now;
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const { documents, headMoveListeners } = core;
  return {
    ...core,
    db: core.db.withPlugin(queries),
    documents: {
      ...documents,
      fromMarkdown: (markdown) => documents.fromMarkdown(markdown),
      toMarkdown: (document) => documents.toMarkdown(document),
      fromHtml: (html) => documents.fromHtml(html),
      close: () => documents.close(),
      async fromMarkdownMany(markdowns) {
        marks.markdownStart = performance.now();
        const read = await documents.fromMarkdownMany(markdowns);
        marks.markdownEnd = performance.now();
        return read;
      },
    },
    headMoveListeners: {
      changeRequestHeadMoved: (db, move) => headMoveListeners.changeRequestHeadMoved(db, move),
      async spaceHeadMoved(db, move) {
        marks.indexesStart = performance.now();
        await headMoveListeners.spaceHeadMoved(db, move);
        marks.indexesEnd = performance.now();
      },
    },
  };
}

/** A V8 CPU profile of this thread from now until `stopInto` writes it. */
async function startProfile(): Promise<{ stopInto(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return {
    async stopInto(file) {
      const stopped = await post('Profiler.stop');
      const profile =
        typeof stopped === 'object' && stopped !== null && 'profile' in stopped
          ? stopped.profile
          : undefined;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const countPages = (pages: readonly RevisionPage[]): number =>
  pages.reduce((total, page) => total + 1 + ('pages' in page ? countPages(page.pages) : 0), 0);

const seconds = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? Number.NaN : (to - from) / 1000;

async function main(): Promise<void> {
  const zip = buildGitBookZip(pageCount);
  const markdownBytes = zip.markdowns.reduce((total, text) => total + Buffer.byteLength(text), 0);
  const fixtures = new FixtureServer();
  await fixtures.start();
  const url = fixtures.serve('/book.zip', 'application/zip', zip.bytes);
  const bench = await startBenchApp({
    name: 'zip-import',
    outboundAllowPrivate: true,
    adjust: marking,
  });
  try {
    const { client, organizationId } = bench;
    console.log(
      `Zip import: ${zip.pages} pages (${(markdownBytes / 1e6).toFixed(1)} MB of Markdown) and ${zip.images} images, a ${(zip.bytes.byteLength / 1e6).toFixed(1)} MB zip on loopback, into a new space each run`,
    );
    const line = (label: string, value: number, total?: number) =>
      console.log(
        `    ${label.padEnd(52)} ${value.toFixed(2).padStart(6)} s${total === undefined ? '' : `  ${((value / total) * 100).toFixed(0).padStart(3)}%`}`,
      );
    let lastSpaceId = '';
    for (let run = 1; run <= runs; run += 1) {
      const spaceId = (
        await client.POST('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId } },
          body: { title: `Imported ${run}` },
        })
      ).id;
      lastSpaceId = spaceId;
      marks = {};
      const profiler = profileDir !== undefined && run === runs ? await startProfile() : undefined;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const result = await client.POST('/spaces/{spaceId}/content/import', {
        params: { path: { spaceId } },
        body: { source: 'zip', url },
      });
      const ended = performance.now();
      const cpu = process.cpuUsage(cpuBefore);
      if (profiler !== undefined && profileDir !== undefined) {
        await profiler.stopInto(join(profileDir, 'zip-import.cpuprofile'));
      }
      const expected = zip.pages + zip.parts + zip.images;
      if (result.importedResources !== expected) {
        throw new Error(`Run ${run} imported ${result.importedResources}, not ${expected}`);
      }
      const total = seconds(started, ended);
      const m = marks;
      console.log(
        `  run ${run}${run === 1 ? ' (starts the worker threads)' : ''}: ${total.toFixed(2)} s, aim ≤ 3 s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s)`,
      );
      line('fetch, unzip, summary, image links', seconds(started, m.markdownStart), total);
      line('Markdown reading (fromMarkdownMany)', seconds(m.markdownStart, m.markdownEnd), total);
      line('preparing the batch (files stored)', seconds(m.markdownEnd, m.transactionStart), total);
      line('building the page tree', seconds(m.transactionStart, m.objectsStart), total);
      line('writing objects and the revision', seconds(m.objectsStart, m.indexesStart), total);
      line('search and link indexes', seconds(m.indexesStart, m.indexesEnd), total);
      line('event, commit, answer', seconds(m.indexesEnd, ended), total);
    }
    const content = await client.GET('/spaces/{spaceId}/content', {
      params: { path: { spaceId: lastSpaceId } },
    });
    const imported = countPages(content.pages);
    if (imported !== zip.pages + zip.parts) {
      throw new Error(`The space holds ${imported} pages, not ${zip.pages} and ${zip.parts} parts`);
    }

    // The parser alone, on this thread: the floor the worker threads divide.
    const parseStart = performance.now();
    const parseCpu = process.cpuUsage();
    for (const markdown of zip.markdowns) readMarkdown(markdown);
    const parsed = process.cpuUsage(parseCpu);
    line('the parser alone, every page on one thread', seconds(parseStart, performance.now()));
    line('  its CPU time', (parsed.user + parsed.system) / 1e6);
  } finally {
    await bench.close();
    await fixtures.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
