import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createQuireClient } from '@quire/client';
import type { components } from '@quire/contract';

// pnpm bench (soak): runs the server in a process of its own, on a new SQLite file, with a heap
// capped at 256 MB (`--max-old-space-size=256`), and drives it for SOAK_SECONDS (180) with a mix
// that keeps reaching for what it has not read before: edits that make new revisions, reads of
// pages in many revisions and formats, page trees, searches for new words. Every SOAK_SAMPLE_SECONDS
// (10) it prints the process's resident memory; at the end, how much it grew after warm-up (the
// first third). The aim: flat after warm-up, and never a crash.
const seconds = Number(process.env.SOAK_SECONDS ?? 180);
const sampleSeconds = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10);
const heapMb = Number(process.env.SOAK_HEAP_MB ?? 256);
const workers = 6;
const token = 'qr_soak0123456789abcdef';

type Change = components['schemas']['ContentChange'];

const tsx = join(import.meta.dirname, '../../../node_modules/.bin/tsx');
const serverMain = join(import.meta.dirname, '../src/main.ts');

/** Resident memory of a process and every process under it, in MB (tsx runs node under itself). */
function residentMb(pid: number): number {
  let kb = 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children.split(' ').filter(Boolean)) kb += residentMb(Number(child)) * 1024;
  }
  return kb / 1024;
}

async function startServer(directory: string) {
  const child = spawn(tsx, ['--conditions=quire-source', serverMain], {
    env: {
      ...process.env,
      NODE_OPTIONS: `--max-old-space-size=${heapMb}`,
      DATABASE_URL: `sqlite:${join(directory, 'quire.db')}`,
      BOOTSTRAP_TOKEN: token,
      PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const match = /"port":(\d+),[^\n]*"msg":"quire is listening"/.exec(pending);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} at start`)));
  });
  child.stdout.resume();
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'kappa', 'sigma', 'theta', 'zeta'];
const pageMarkdown = (index: number, edit: number) =>
  `# Page ${index}\n\nAbout ${words[index % words.length]} ${index} and ${words[edit % words.length]}${edit}, edit ${edit}.\n\n${'Some more text. '.repeat(40)}\n`;

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'quire-soak-'));
  const { child, baseUrl } = await startServer(directory);
  let died: string | undefined;
  child.once('exit', (code, signal) => {
    died = `exited with ${code ?? signal}`;
  });
  const client = createQuireClient({ baseUrl, token });
  try {
    const organizationId = (await client.GET('/orgs')).items[0]?.id ?? '';
    const spaceId = (
      await client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title: 'Soak' },
      })
    ).id;
    const changeRequestId = (
      await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: { subject: 'Soak' },
      })
    ).id;
    const path = { spaceId, changeRequestId };
    const apply = (changes: Change[]) =>
      client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path, query: { compat: false } },
        body: { changes },
      });
    const pageIds: string[] = [];
    for (let start = 0; start < 200; start += 50) {
      const batch: Change[] = [];
      for (let index = start; index < start + 50; index += 1) {
        batch.push({
          operation: 'insert_page',
          title: `Page ${index}`,
          document: { markdown: pageMarkdown(index, 0) },
        });
      }
      const result = await apply(batch);
      for (const change of 'changes' in result ? result.changes : []) {
        if (change.object === 'created_page') pageIds.push(change.page.id);
      }
    }

    let operations = 0;
    let failures = 0;
    const revisions: string[] = [];
    const step = async (n: number) => {
      const pageId = pageIds[(n * 7919) % pageIds.length] ?? '';
      switch (n % 6) {
        case 0: {
          await apply([
            { operation: 'update_page', page: pageId, document: { markdown: pageMarkdown(n, n) } },
          ]);
          const cr = await client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
            params: { path },
          });
          if (cr.revision !== undefined) revisions.push(cr.revision);
          break;
        }
        case 1:
        case 2: {
          const revisionId = revisions[(n * 31) % Math.max(1, revisions.length)];
          if (revisionId === undefined) break;
          await client.GET('/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', {
            params: {
              path: { spaceId, revisionId, pageId },
              query: { format: n % 2 === 0 ? 'markdown' : 'document' },
            },
          });
          break;
        }
        case 3:
          await client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', {
            params: { path },
          });
          break;
        case 4:
          await client.GET('/spaces/{spaceId}/search', {
            params: { path: { spaceId }, query: { query: `${words[n % words.length]}${n}` } },
          });
          break;
        default:
          await client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } });
      }
    };

    const started = performance.now();
    const deadline = started + seconds * 1000;
    let next = 0;
    const worker = async () => {
      while (performance.now() < deadline && died === undefined) {
        next += 1;
        try {
          await step(next);
          operations += 1;
        } catch {
          failures += 1;
        }
      }
    };
    const samples: { at: number; rssMb: number; operations: number }[] = [];
    const sampler = setInterval(() => {
      if (died !== undefined || child.pid === undefined) return;
      const at = Math.round((performance.now() - started) / 1000);
      const rssMb = residentMb(child.pid);
      samples.push({ at, rssMb, operations });
      console.log(
        `${String(at).padStart(5)} s  RSS ${rssMb.toFixed(0).padStart(5)} MB  ${operations} requests`,
      );
    }, sampleSeconds * 1000);
    await Promise.all(Array.from({ length: workers }, worker));
    clearInterval(sampler);

    const warm = samples.filter((sample) => sample.at >= seconds / 3);
    const first = warm[0];
    const last = warm.at(-1);
    const peak = Math.max(...samples.map((sample) => sample.rssMb));
    console.log(
      [
        `soak: ${seconds} s, heap capped at ${heapMb} MB, ${operations} requests (${failures} failed), ${revisions.length} revisions`,
        first && last
          ? `RSS after warm-up: ${first.rssMb.toFixed(0)} MB at ${first.at} s → ${last.rssMb.toFixed(0)} MB at ${last.at} s (${(((last.rssMb - first.rssMb) / first.rssMb) * 100).toFixed(1)} %), peak ${peak.toFixed(0)} MB`
          : 'too short to tell growth after warm-up',
        died === undefined ? 'the server stayed up' : `the server died: ${died}`,
      ].join('\n'),
    );
    if (died !== undefined) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
