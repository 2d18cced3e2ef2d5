import {
  type Build,
  buildsUnderTest,
  percentile,
  placement,
  type QuireUnderTest,
  runBench,
  withCpu,
} from './bench-processes.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

// pnpm bench (writes): the server's CPU time per small write on the built server, over HTTP:
// creating a space, and a batch that updates one page of a change request, each with no webhook
// and with 10 webhooks on the organization (taking every event, sent to a loopback receiver).
// Two figures: the server's CPU per write while the writes run (the receiver holds the first
// deliveries unanswered meanwhile, so the job runner sends nothing else), and per delivery sent
// afterwards. Rounds alternate the two cases (BENCH_ROUNDS, default 3, of BENCH_WRITES writes
// each, default 300, at 2 connections). BENCH_BASELINE=<another build's main.js> measures that
// build too, in the same rounds, on a database of its own (before/after pairs from one run).
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const writesPerRound = Number(process.env.BENCH_WRITES ?? 300);
const connections = 2;
const webhookCount = 10;

interface WriteCase {
  name: string;
  /** One write: answers when the server answered 2xx. */
  write(worker: number, index: number): Promise<void>;
}

interface Measured {
  /** The server's CPU per write, while the writes ran. */
  writeCpu: number;
  /** The server's CPU per delivery, sending them after the writes. */
  deliveryCpu: number;
  milliseconds: number[];
  deliveries: number;
}

interface Server {
  label: string;
  quire: QuireUnderTest;
  cases: WriteCase[];
}

async function startServer(build: Build, port: number): Promise<Server> {
  const quire = await build.start(port, { OUTBOUND_ALLOW_PRIVATE: 'true' });
  return { label: build.prefix, quire, cases: [spaceCreation(quire), await pageBatch(quire)] };
}

async function main(): Promise<void> {
  const receiver = await startWebhookReceiver();
  const servers: Server[] = [];
  for (const [index, build] of buildsUnderTest().entries()) {
    servers.push(await startServer(build, 18_183 + index));
  }
  console.log(
    `Small writes on ${servers.at(-1)?.quire.databaseKind}, ${connections} connections, ${rounds} rounds × ${writesPerRound} writes, ${placement}`,
  );
  for (const [index, name] of ['create a space', 'one-page batch'].entries()) {
    const results = servers.map(() => ({ without: [] as Measured[], withHooks: [] as Measured[] }));
    for (const server of servers) await measure(server, receiver, index, 50); // warm-up
    for (let round = 0; round < rounds; round += 1) {
      for (const [side, server] of servers.entries()) {
        const result = results[side];
        if (result === undefined) continue;
        result.without.push(await measure(server, receiver, index, writesPerRound));
        // Adding and removing webhooks sends events of its own: they are let through first.
        const webhooks = await addWebhooks(server.quire, receiver.url);
        await receiver.settle();
        result.withHooks.push(await measure(server, receiver, index, writesPerRound));
        await removeWebhooks(server.quire, webhooks);
        await receiver.settle();
      }
    }
    console.log(name);
    for (const [side, server] of servers.entries()) {
      const result = results[side];
      if (result === undefined) continue;
      report(server.label, 'no webhook', result.without);
      report(server.label, `${webhookCount} webhooks`, result.withHooks);
    }
  }
  await receiver.close();
}

/** Runs `count` writes and waits for what they set going; the server's CPU and the latencies. */
async function measure(
  server: Server,
  receiver: WebhookReceiver,
  caseIndex: number,
  count: number,
): Promise<Measured> {
  const writeCase = server.cases[caseIndex];
  if (writeCase === undefined) throw new Error(`No write case ${caseIndex}`);
  const receivedBefore = receiver.received();
  const milliseconds: number[] = [];
  let next = 0;
  receiver.hold();
  const writes = await withCpu(server.quire.pid, () =>
    Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        for (let index = next++; index < count; index = next++) {
          const started = performance.now();
          await writeCase.write(worker, index);
          milliseconds.push(performance.now() - started);
        }
      }),
    ),
  );
  const sending = await withCpu(server.quire.pid, async () => {
    receiver.release();
    await receiver.settle();
  });
  if (writes.cpuMicroseconds === undefined || sending.cpuMicroseconds === undefined) {
    throw new Error('No /proc: the CPU time cannot be read');
  }
  const deliveries = receiver.received() - receivedBefore;
  return {
    writeCpu: writes.cpuMicroseconds / count,
    deliveryCpu: deliveries === 0 ? 0 : sending.cpuMicroseconds / deliveries,
    milliseconds,
    deliveries: deliveries / count,
  };
}

function spaceCreation({ client, organizationId }: QuireUnderTest): WriteCase {
  return {
    name: 'create a space',
    async write(_, index) {
      await client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title: `Space ${index}` },
      });
    },
  };
}

/** Each connection edits its own page in its own change request, so the writes never conflict. */
async function pageBatch({ client, organizationId }: QuireUnderTest): Promise<WriteCase> {
  const space = await client.POST('/orgs/{organizationId}/spaces', {
    params: { path: { organizationId } },
    body: { title: 'Writes' },
  });
  const targets = await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId: space.id } },
        body: { subject: `Edits ${worker}` },
      });
      const path = { spaceId: space.id, changeRequestId: changeRequest.id };
      const batch = await client.POST(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
        {
          params: { path, query: { compat: false } },
          body: {
            changes: [
              { operation: 'insert_page', title: 'Edited', document: { markdown: '# Edited' } },
            ],
          },
        },
      );
      const created = 'changes' in batch ? batch.changes[0] : undefined;
      if (created?.object !== 'created_page') throw new Error('The page to edit was not created');
      return { path, pageId: created.page.id };
    }),
  );
  return {
    name: 'one-page batch',
    async write(worker, index) {
      const target = targets[worker];
      if (target === undefined) throw new Error(`No page for connection ${worker}`);
      await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: target.path, query: { compat: false } },
        body: {
          changes: [
            {
              operation: 'update_page',
              page: target.pageId,
              document: { markdown: `# Edited\n\nEdit number ${index}, with **bold** text.\n` },
            },
          ],
        },
      });
    },
  };
}

async function addWebhooks({ client, organizationId }: QuireUnderTest, url: string) {
  const ids: string[] = [];
  for (let index = 0; index < webhookCount; index += 1) {
    const webhook = await client.POST('/orgs/{organizationId}/webhooks', {
      params: { path: { organizationId } },
      body: { url, events: ['*'] },
    });
    ids.push(webhook.id);
  }
  return ids;
}

async function removeWebhooks({ client, organizationId }: QuireUnderTest, ids: string[]) {
  for (const webhookId of ids) {
    await client.DELETE('/orgs/{organizationId}/webhooks/{webhookId}', {
      params: { path: { organizationId, webhookId } },
    });
  }
}

const median = (values: number[]) => percentile(values, 0.5);

function report(server: string, label: string, side: Measured[]): void {
  const cpu = side.map((round) => round.writeCpu);
  const latencies = side.flatMap((round) => round.milliseconds);
  const deliveries = median(side.map((round) => round.deliveries));
  const sending =
    deliveries === 0
      ? ''
      : `; then ${median(side.map((round) => round.deliveryCpu)).toFixed(0)} µs CPU per delivery sent (${deliveries.toFixed(1)} per write)`;
  console.log(
    `  ${`${server}${label}`.padEnd(24)} ${median(cpu).toFixed(0).padStart(6)} µs CPU per write (rounds ${cpu.map((v) => v.toFixed(0)).join(', ')}), latency p50 ${median(latencies).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms${sending}`,
  );
}

runBench(main);
