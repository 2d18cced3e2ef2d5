import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tsx = join(import.meta.dirname, '../../../node_modules/.bin/tsx');
const main = join(import.meta.dirname, '../src/main.ts');
const token = 'qr_shutdown_test_token';

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

async function waitUntilReady(baseUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not become ready');
}

// SIGTERM on the real process: a request whose body is still arriving is answered, then the
// process closes the database and exits 0.
describe('graceful shutdown', { timeout: 60_000 }, () => {
  const directory = mkdtempSync(join(tmpdir(), 'quire-shutdown-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });

  it('finishes the request in flight, then closes the database and exits', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(tsx, ['--conditions=source', main], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(directory, 'quire.db')}`,
        PORT: String(port),
        BOOTSTRAP_TOKEN: token,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let log = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const exited = once(server, 'exit');
    await waitUntilReady(baseUrl);
    const headers = { Authorization: `Bearer ${token}` };
    const organizations = (await (await fetch(`${baseUrl}/v1/orgs`, { headers })).json()) as {
      items: { id: string }[];
    };
    const organizationId = organizations.items[0]?.id;

    // Headers and half the body now; the rest only after SIGTERM.
    const inFlight = request(`${baseUrl}/v1/orgs/${organizationId}/spaces`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
    const answered = once(inFlight, 'response');
    inFlight.write('{"title":');
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.end('"Written during shutdown"}');

    const [response] = (await answered) as [IncomingMessage];
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ title: 'Written during shutdown' });

    const [code] = await exited;
    expect(code).toBe(0);
    const messages = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(
      expect.arrayContaining(['shutting down: finishing requests in flight', 'stopped']),
    );
    expect(messages.indexOf('stopped')).toBeGreaterThan(
      messages.indexOf('shutting down: finishing requests in flight'),
    );
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  });
});
