import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createQuireClient, type QuireClient } from '@quire/client';
import pg from 'pg';
import { type CollabClient, collabClient } from '../test/support/collab-clients.js';
import { builtEntry } from '../test/support/server-process.js';

// pnpm bench (collab): Node Yjs clients speaking Hocuspocus's protocol to real server processes.
//  1. One process (SQLite): COLLAB_CLIENTS (20) people in one page, each typing a word every
//     COLLAB_TYPING_MS (200) for COLLAB_SECONDS (10): how long an update takes to reach each of
//     the others (p50, p95, p99), and the server's CPU time per update.
//  2. Two processes on one PostgreSQL (COLLAB_DATABASE_URL or TEST_DATABASE_URL; skipped
//     without): half the people on each, timed between people on different processes.
//  3. kill -9: people type, the server is killed without warning once they were told their words
//     are saved, and started again on the same database and port; they reconnect. Counted: words
//     told saved and then missing from the page (the aim: none), and whether everyone converges.
const clients = Number(process.env.COLLAB_CLIENTS ?? 20);
const typingMs = Number(process.env.COLLAB_TYPING_MS ?? 200);
const seconds = Number(process.env.COLLAB_SECONDS ?? 10);
const postgresUrl = process.env.COLLAB_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const token = 'qr_collabbench0123456789';

interface ServerProcess {
  child: ChildProcess;
  url: string;
  wsUrl: string;
}

/** A free port on loopback, for a server that must come back on the same one. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the built server in a process of its own. */
async function startServer(databaseUrl: string, port: number): Promise<ServerProcess> {
  // Node itself runs the server: a kill -9 must reach the server, not a wrapper.
  const child = spawn(process.execPath, [builtEntry('main')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BOOTSTRAP_TOKEN: token,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/v1/orgs`, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (response.ok) return resolve();
      } catch {}
      if (Date.now() - started > 120_000) return reject(new Error('The server did not start'));
      setTimeout(poll, 200);
    };
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} at start`)));
    void poll();
  });
  child.stdout?.resume();
  return { child, url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/collab` };
}

/** CPU seconds a process used so far, its threads' included (user and system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** A page of a change request people can open: answers its document name. */
async function openPage(client: QuireClient): Promise<string> {
  const organizationId = (await client.GET('/orgs')).items[0]?.id ?? '';
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Together' },
  });
  const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
    params: { path: { spaceId: space.id } },
    body: {},
  });
  const path = { spaceId: space.id, changeRequestId: changeRequest.id };
  const applied = await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
    params: { path, query: { compat: false } },
    body: {
      changes: [
        {
          operation: 'insert_page',
          title: 'Page',
          document: { markdown: `${'A first paragraph of the page.\n\n'.repeat(20)}` },
        },
      ],
    },
  });
  const created = 'changes' in applied ? applied.changes[0] : undefined;
  if (created?.object !== 'created_page') throw new Error('No page');
  return `${space.id}/${changeRequest.id}/${created.page.id}`;
}

async function connected(url: string, name: string, count: number): Promise<CollabClient[]> {
  const opened = Array.from({ length: count }, () => collabClient(url, name, token));
  await Promise.all(opened.map((client) => client.ready));
  return opened;
}

/** Every word someone types: `⟦writer.sequence⟧`, so a receiver knows which one arrived. */
const wordPattern = /⟦(\d+)\.(\d+)⟧/g;

/**
 * People in `groups` type a word each every `typingMs`, in turn, for `seconds`; each receiver
 * notes when each word first reaches it. Answers the delays (ms) between people `across` groups
 * only when asked, else between any two, and how many words were typed.
 */
async function typeTogether(groups: CollabClient[][], across: boolean) {
  const everyone = groups.flat();
  const groupOf = new Map(groups.flatMap((group, index) => group.map((c) => [c, index])));
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  for (const [receiverIndex, receiver] of everyone.entries()) {
    const paragraph = receiver.doc.getXmlFragment('default');
    paragraph.observeDeep((events) => {
      const now = performance.now();
      for (const event of events) {
        for (const change of event.delta) {
          if (typeof change.insert !== 'string') continue;
          for (const [, writer, sequence] of change.insert.matchAll(wordPattern)) {
            const writerIndex = Number(writer);
            if (writerIndex === receiverIndex) continue;
            const writerClient = everyone[writerIndex] as CollabClient;
            if (across && groupOf.get(writerClient) === groupOf.get(receiver)) continue;
            const sent = sentAt.get(`${writer}.${sequence}`);
            if (sent !== undefined) delays.push(now - sent);
          }
        }
      }
    });
  }
  let typed = 0;
  const until = performance.now() + seconds * 1000;
  await new Promise<void>((resolve) => {
    let turn = 0;
    const step = typingMs / everyone.length;
    const timer = setInterval(() => {
      if (performance.now() >= until) {
        clearInterval(timer);
        resolve();
        return;
      }
      const writerIndex = turn % everyone.length;
      const writer = everyone[writerIndex] as CollabClient;
      const sequence = Math.floor(turn / everyone.length);
      turn += 1;
      sentAt.set(`${writerIndex}.${sequence}`, performance.now());
      writer.type(writerIndex % 20, 0, `⟦${writerIndex}.${sequence}⟧ `);
      typed += 1;
    }, step);
  });
  // The last words' way across.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { delays, typed };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

function report(label: string, delays: number[], expected: number) {
  const sorted = [...delays].sort((a, b) => a - b);
  console.log(
    `${label}: ${sorted.length}/${expected} deliveries, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
}

async function oneProcess(directory: string) {
  const server = await startServer(`sqlite:${join(directory, 'one.db')}`, await freePort());
  try {
    const name = await openPage(createQuireClient({ baseUrl: server.url, token }));
    const people = await connected(server.wsUrl, name, clients);
    const before = cpuSeconds(server.child.pid ?? 0);
    const { delays, typed } = await typeTogether([people], false);
    const cpu = cpuSeconds(server.child.pid ?? 0) - before;
    report(`one process, ${clients} people`, delays, typed * (clients - 1));
    console.log(
      `  server CPU: ${((cpu * 1000) / typed).toFixed(2)} ms per update (${typed} updates, each sent to ${clients - 1} others; revisions written as they type)`,
    );
    for (const person of people) person.close();
  } finally {
    await stop(server);
  }
}

async function twoProcesses(baseUrl: string) {
  const database = `quire_collab_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  const first = await startServer(url.toString(), await freePort());
  const second = await startServer(url.toString(), await freePort());
  try {
    const name = await openPage(createQuireClient({ baseUrl: first.url, token }));
    const half = Math.floor(clients / 2);
    const here = await connected(first.wsUrl, name, half);
    const there = await connected(second.wsUrl, name, clients - half);
    const before = cpuSeconds(first.child.pid ?? 0) + cpuSeconds(second.child.pid ?? 0);
    const { delays, typed } = await typeTogether([here, there], true);
    const cpu = cpuSeconds(first.child.pid ?? 0) + cpuSeconds(second.child.pid ?? 0) - before;
    report(
      `two processes on PostgreSQL, ${half} + ${clients - half} people, across`,
      delays,
      typed * half,
    );
    console.log(
      `  servers' CPU: ${((cpu * 1000) / typed).toFixed(2)} ms per update, both processes`,
    );
    for (const person of [...here, ...there]) person.close();
  } finally {
    await stop(first);
    await stop(second);
    await admin.query(`drop database ${database} with (force)`).catch(() => {});
    await admin.end();
  }
}

async function killNine(directory: string) {
  const databaseUrl = `sqlite:${join(directory, 'killed.db')}`;
  const port = await freePort();
  let server = await startServer(databaseUrl, port);
  const name = await openPage(createQuireClient({ baseUrl: server.url, token }));
  const people = await connected(server.wsUrl, name, 4);
  const saidSaved = new Set<string>();
  for (let round = 0; round < 25; round += 1) {
    for (const [index, person] of people.entries()) person.type(index, 0, `⟦${index}.${round}⟧ `);
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const [index, person] of people.entries()) {
      if (!person.saved()) continue;
      for (let told = 0; told <= round; told += 1) saidSaved.add(`⟦${index}.${told}⟧`);
    }
  }
  await stop(server, 'SIGKILL');
  server = await startServer(databaseUrl, port);
  // The providers reconnect by themselves; whatever they still hold syncs up.
  const deadline = Date.now() + 60_000;
  const texts = () => people.map((person) => person.text().join('\n'));
  while (Date.now() < deadline && new Set(texts()).size > 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const converged = new Set(texts()).size === 1;
  // A newcomer reads what the server has: nothing told saved may be missing from it.
  const newcomer = collabClient(server.wsUrl, name, token);
  await newcomer.ready;
  const stored = newcomer.text().join('\n');
  const lost = [...saidSaved].filter((word) => !stored.includes(word));
  console.log(
    `kill -9: ${saidSaved.size} words told saved before the kill, ${lost.length} lost; ` +
      `the ${people.length} people ${converged ? 'converged' : 'did NOT converge'} after the restart`,
  );
  newcomer.close();
  for (const person of people) person.close();
  await stop(server);
  if (lost.length > 0 || !converged) process.exitCode = 1;
}

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'quire-collab-bench-'));
  try {
    await oneProcess(directory);
    if (postgresUrl === undefined) {
      console.log('two processes: skipped (set COLLAB_DATABASE_URL or TEST_DATABASE_URL)');
    } else {
      await twoProcesses(postgresUrl);
    }
    await killNine(directory);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  // Providers keep timers; the run is over.
  process.exit();
}

await main();
