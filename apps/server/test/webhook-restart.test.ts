import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const token = 'qr_webhook_restart_token';

async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Kills the server's own process, by the pid its log says. */
function killServer(server: ServerProcess): void {
  const pid = Number(server.lines[0]?.pid);
  try {
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch (error) {
    // Gone already is fine; anything else is not.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

// Deliveries are rows, not timers: a server killed between two attempts of a delivery leaves
// it to the next server on the same database, which sends the retry when it falls due.
describe('webhook deliveries across a restart', { timeout: 90_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-webhook-restart-'));
  const env = {
    DATABASE_URL: `sqlite:${join(directory, 'quire.db')}`,
    PORT: '0',
    BOOTSTRAP_TOKEN: token,
    OUTBOUND_ALLOW_PRIVATE: 'true',
  };
  let receiver: WebhookReceiver;
  let postgres: TestDatabase | undefined;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    if (process.env.QUIRE_TEST_DATABASE === 'postgres') {
      postgres = await openTestDatabase();
      env.DATABASE_URL = postgres.url;
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      killServer(server);
      server.child.kill('SIGKILL');
    }
    await receiver.close();
    await postgres?.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  const start = async () => {
    const server = startServerProcess(env);
    servers.push(server);
    const { port } = await server.waitFor('quire is listening');
    const baseUrl = `http://127.0.0.1:${port}/v1`;
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Record<string, unknown> & {
        items?: { id: string; attemptCount?: number; status?: string }[];
      };
    };
    return { server, call };
  };

  it('sends the retry from the next server once the first was killed mid-retry', async () => {
    const first = await start();
    const organizationId = (await first.call('GET', '/orgs')).items?.[0]?.id ?? '';
    const webhook = await first.call('POST', `/orgs/${organizationId}/webhooks`, {
      url: receiver.url,
      events: ['space.created'],
    });
    receiver.answer(500);
    await first.call('POST', `/orgs/${organizationId}/spaces`, { title: 'Survives' });
    const deliveries = (server: typeof first) =>
      server.call('GET', `/orgs/${organizationId}/webhooks/${String(webhook.id)}/deliveries`);
    await until(
      async () => (await deliveries(first)).items?.[0]?.attemptCount === 1,
      'the first attempt, recorded',
    );

    // Killed outright between the failed attempt and its retry, 5 seconds later.
    const exited = once(first.server.child, 'close');
    killServer(first.server);
    await exited;

    const second = await start();
    await until(() => receiver.received.length === 2, 'the retry, from the second server');
    const [failed, retried] = receiver.received;
    expect(retried?.headers['webhook-id']).toBe(failed?.headers['webhook-id']);
    const payload = new Webhook(String(webhook.secret)).verify(
      retried?.body ?? '',
      retried?.headers as Record<string, string>,
    );
    expect(payload).toMatchObject({
      type: 'space.created',
      data: { target: { label: 'Survives' } },
    });
    await until(
      async () => (await deliveries(second)).items?.[0]?.status === 'succeeded',
      'the retry, recorded',
    );
    expect((await deliveries(second)).items).toMatchObject([
      { status: 'succeeded', attemptCount: 2 },
    ]);
  });
});
