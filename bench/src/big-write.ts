import autocannon from 'autocannon';
import { type Build, buildsUnderTest, percentile, placement, runBench } from './bench-processes.js';

// pnpm bench (big write): what writing a 1 MiB Markdown page does to the reads running beside
// it. Space reads at 10 connections; in every other round a page of 1 MiB of Markdown is
// written into a change request BENCH_WRITES times (default 2), one after the other with a
// second between, and the reads go on until the last write has answered; the other rounds read
// for BENCH_SECONDS (default 10) alone. Rounds alternate (BENCH_ROUNDS, default 3 of each); the
// figure is the reads' p99 with the writes against without, and how long each write took. BENCH_BASELINE=<another build's main.js>
// measures that build too, in the same rounds, on a database of its own.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const writesPerRound = Number(process.env.BENCH_WRITES ?? 2);
const pauseMs = 1000;
const connections = 10;
const markdownBytes = 1024 * 1024;

/** About `bytes` of Markdown as people write it: sections of prose, lists, code and tables. */
function bigMarkdown(bytes: number, seed: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let section = 0; length < bytes; section += 1) {
    const part = [
      `## Section ${section} of draft ${seed}`,
      '',
      `Configure the **service** with \`--option-${section}\` before you start it; see [the guide](guide-${section}.md) for what each setting does and why the defaults are safe.`,
      '',
      `- Step one for part ${section}: install the package`,
      '- Step two: edit the configuration file',
      `- Step three: run \`quire check ${section}\``,
      '',
      '```ts',
      `export const setting${section} = { retries: ${section % 7}, timeoutMs: ${1000 + section} };`,
      '```',
      '',
      '| Option | Default | Meaning |',
      '| ------ | ------- | ------- |',
      `| retries | ${section % 7} | how often to try again |`,
      `| timeout | ${1000 + section} | milliseconds to wait |`,
      '',
    ].join('\n');
    parts.push(part);
    length += part.length;
  }
  return parts.join('\n');
}

interface ReadRound {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  writeMs: number[];
}

interface Server {
  label: string;
  measure(withWrites: boolean): Promise<ReadRound>;
}

/** Starts a server with a space to read and a page to write, and answers how to measure it. */
async function startServer(build: Build, port: number): Promise<Server> {
  const label = build.prefix;
  const quire = await build.start(port);
  const { client, organizationId, baseUrl, token } = quire;
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Big writes' },
  });
  const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId: space.id } },
    body: { subject: 'A big page' },
  });
  const path = { spaceId: space.id, changeRequestId: changeRequest.id };
  const created = await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
    params: { path, query: { compat: false } },
    body: { changes: [{ operation: 'insert_page', title: 'Big', document: { markdown: '#' } }] },
  });
  const first = 'changes' in created ? created.changes[0] : undefined;
  if (first?.object !== 'created_page') throw new Error('The big page was not created');
  const pageId = first.page.id;
  let drafts = 0;
  const writeBigPage = async () => {
    drafts += 1;
    const markdown = bigMarkdown(markdownBytes, drafts);
    const started = performance.now();
    await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path, query: { compat: false } },
      body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown } }] },
    });
    return performance.now() - started;
  };
  await writeBigPage(); // warm-up: worker threads, the first parse

  const readUrl = `${baseUrl}/v1/spaces/${space.id}`;
  const measure = async (withWrites: boolean): Promise<ReadRound> => {
    const writeMs: number[] = [];
    const options = {
      url: readUrl,
      connections,
      // Reads alone last `seconds`; beside writes, until the last one has answered.
      duration: withWrites ? 3600 : seconds,
      headers: { Authorization: `Bearer ${token}` },
    };
    let result: autocannon.Result | undefined;
    await new Promise<void>((resolve, reject) => {
      const reads = autocannon(options, (error: unknown, done) => {
        if (error) reject(error);
        result = done;
        resolve();
      });
      if (!withWrites) return;
      void (async () => {
        for (let write = 0; write < writesPerRound; write += 1) {
          await new Promise((pause) => setTimeout(pause, pauseMs));
          writeMs.push(await writeBigPage());
        }
        await new Promise((pause) => setTimeout(pause, pauseMs));
        reads.stop();
      })().catch(reject);
    });
    if (result === undefined) throw new Error('The reads answered nothing');
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${readUrl}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      requests: result.requests.average,
      writeMs,
    };
  };
  await measure(false);
  return { label, measure };
}

async function main(): Promise<void> {
  const servers: Server[] = [];
  for (const [index, build] of buildsUnderTest().entries()) {
    servers.push(await startServer(build, 18_186 + index));
  }
  console.log(
    `A 1 MiB Markdown write beside space reads: ${connections} connections, ${rounds} rounds of each (${seconds} s alone; ${writesPerRound} writes, ${pauseMs / 1000} s apart), ${placement}`,
  );
  const results = servers.map(() => ({ quiet: [] as ReadRound[], busy: [] as ReadRound[] }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, server] of servers.entries()) {
      results[index]?.quiet.push(await server.measure(false));
      results[index]?.busy.push(await server.measure(true));
    }
  }
  const median = (values: number[]) => percentile(values, 0.5);
  const line = (label: string, side: ReadRound[]) =>
    console.log(
      `  ${label.padEnd(30)} read p50 ${median(side.map((r) => r.p50)).toFixed(1)} ms, p99 ${median(side.map((r) => r.p99)).toFixed(1)} ms (rounds ${side.map((r) => r.p99.toFixed(0)).join(', ')}), max ${Math.max(...side.map((r) => r.max)).toFixed(0)} ms, ${median(side.map((r) => r.requests)).toFixed(0)} req/s`,
    );
  for (const [index, server] of servers.entries()) {
    const result = results[index];
    if (result === undefined) continue;
    line(`${server.label}reads alone`, result.quiet);
    line(`${server.label}with 1 MiB writes`, result.busy);
    const writes = result.busy.flatMap((round) => round.writeMs);
    console.log(
      `  ${`${server.label}p99 raised by`.padEnd(30)} ${(median(result.busy.map((r) => r.p99)) - median(result.quiet.map((r) => r.p99))).toFixed(1)} ms (aim ≤ 10 ms); each write took ${median(writes).toFixed(0)} ms median, ${Math.max(...writes).toFixed(0)} ms at most (${writes.length} writes)`,
    );
  }
}

runBench(main);
