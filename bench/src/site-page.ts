import {
  percentile,
  placement,
  type QuireUnderTest,
  runBench,
  startQuire,
  withCpu,
} from './bench-processes.js';
import { closeConnections, timedGet } from './http-timing.js';
import { buildSpace, pageMarkdown, wordAt } from './page-space.js';

// pnpm bench (site page): a published site of one space of BENCH_SITE_PAGES pages (default
// 1,000), each with a highlighted code block, read as a reader's browser reads it over a real
// socket: pages never opened before (cold: resolution, profile, page read, render), the same
// page again (cached: resolution and profile, then the HTML kept by its ETag; timed after
// BENCH_WARM_UP_RUNS untimed reads of it), and a revalidation answered 304. Time to the last
// byte on loopback, and the server's CPU per page.
const pageCount = Number(process.env.BENCH_SITE_PAGES ?? 1000);
const coldPages = Number(process.env.BENCH_COLD_PAGES ?? 50);
const cachedRuns = Number(process.env.BENCH_RUNS ?? 300);
const warmUpRuns = Number(process.env.BENCH_WARM_UP_RUNS ?? 300);

function pageWithCode(index: number): string {
  return [
    pageMarkdown(index),
    '```ts',
    `export function ${wordAt(index)}(value: number): string {`,
    `  const ${wordAt(index + 5)} = value * ${index};`,
    `  return \`${wordAt(index + 6)}: \${${wordAt(index + 5)}}\`;`,
    '}',
    '```',
    '',
  ].join('\n');
}

async function publishSite(quire: QuireUnderTest, spaceId: string): Promise<string> {
  const { client, organizationId } = quire;
  const site = await client.POST('/orgs/{organizationId}/sites', {
    params: { path: { organizationId } },
    body: { title: 'Bench docs', spaces: [spaceId] },
  });
  await client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
    params: { path: { organizationId, siteId: site.id } },
  });
  return site.id;
}

async function main(): Promise<void> {
  const quire = await startQuire(18_290);
  const { spaceId, seconds } = await buildSpace(quire, pageCount, 50, pageWithCode);
  const siteId = await publishSite(quire, spaceId);
  const { pages } = await quire.client.GET('/spaces/{spaceId}/content/pages', {
    params: { path: { spaceId } },
  });
  const paths = pages.flatMap((page) => ('path' in page ? [page.path] : []));
  console.log(
    `Site page bench on ${quire.databaseKind}: ${paths.length} pages built in ${seconds.toFixed(1)} s, ${placement}`,
  );
  const site = { baseUrl: quire.baseUrl };
  const ms = (values: number[]) =>
    `median ${percentile(values, 0.5).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms`;
  const cpuPerPage = (micros: number | undefined, count: number) =>
    micros === undefined ? 'CPU n/a' : `server CPU ${(micros / count / 1000).toFixed(2)} ms a page`;

  // The first page after start loads the highlighter's grammars and themes.
  const first = await timedGet(site, `/s/${siteId}/`);
  console.log(`first page after start: ${first.ms.toFixed(1)} ms (${first.bytes} bytes)`);

  const cold = await withCpu(quire.pid, async () => {
    const times: number[] = [];
    for (const path of paths.slice(1, 1 + coldPages)) {
      times.push((await timedGet(site, `/s/${siteId}/${path}`)).ms);
    }
    return times;
  });
  console.log(
    `cold page (${cold.result.length} pages never opened): ${ms(cold.result)}, ${cpuPerPage(cold.cpuMicroseconds, cold.result.length)}`,
  );

  const cachedPath = `/s/${siteId}/${paths[1] ?? ''}`;
  // A server answers its kept pages over and over: they are timed once the code that answers
  // them is warm, as the cold pages above are not.
  for (let run = 0; run < warmUpRuns; run++) await timedGet(site, cachedPath);
  const cached = await withCpu(quire.pid, async () => {
    const times: number[] = [];
    for (let run = 0; run < cachedRuns; run++) times.push((await timedGet(site, cachedPath)).ms);
    return times;
  });
  console.log(
    `cached page (the same page ${cachedRuns} times, after ${warmUpRuns} more): ${ms(cached.result)}, ${cpuPerPage(cached.cpuMicroseconds, cachedRuns)}`,
  );

  const etag = String((await timedGet(site, cachedPath)).headers.etag ?? '');
  const revalidated = await withCpu(quire.pid, async () => {
    const times: number[] = [];
    for (let run = 0; run < cachedRuns; run++) {
      times.push(
        (await timedGet(site, cachedPath, { headers: { 'if-none-match': etag }, expect: 304 })).ms,
      );
    }
    return times;
  });
  console.log(
    `revalidated page (304): ${ms(revalidated.result)}, ${cpuPerPage(revalidated.cpuMicroseconds, cachedRuns)}`,
  );
  closeConnections();
}

runBench(main);
