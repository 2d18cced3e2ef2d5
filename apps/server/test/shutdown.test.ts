import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './support/server-process.js';

const token = 'qr_shutdown_test_token';

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
    // Port 0: the system picks a free port, and the server logs which.
    const log = startServerProcess({
      DATABASE_URL: `sqlite:${join(directory, 'quire.db')}`,
      PORT: '0',
      BOOTSTRAP_TOKEN: token,
    });
    server = log.child;
    // 'close' comes after the process exited and its stdout was read to the end.
    const exited = once(server, 'close');
    const { port } = await log.waitFor('quire is listening');
    const baseUrl = `http://127.0.0.1:${port}`;
    const headers = { Authorization: `Bearer ${token}` };
    const organizations = (await (await fetch(`${baseUrl}/v1/orgs`, { headers })).json()) as {
      items: { id: string }[];
    };
    const organizationId = organizations.items[0]?.id;

    // Headers and half the body now; the rest only once the server is shutting down.
    // `Expect: 100-continue`: the server says so once it has read the headers.
    const inFlight = request(`${baseUrl}/v1/orgs/${organizationId}/spaces`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Expect: '100-continue' },
    });
    const answered = once(inFlight, 'response');
    inFlight.flushHeaders();
    await once(inFlight, 'continue');
    inFlight.write('{"title":');
    server.kill('SIGTERM');
    await log.waitFor('shutting down: finishing requests in flight');
    inFlight.end('"Written during shutdown"}');

    const [response] = (await answered) as [IncomingMessage];
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ title: 'Written during shutdown' });

    const [code] = await exited;
    expect(code).toBe(0);
    const messages = log.lines.map((line) => line.msg);
    expect(messages.indexOf('stopped')).toBeGreaterThan(
      messages.indexOf('shutting down: finishing requests in flight'),
    );
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
  });
});
