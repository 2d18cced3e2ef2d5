import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationScripts } from '../src/workers/integration-scripts.js';
import { createSharedWorkerPool } from '../src/workers/worker-pool.js';

// Scripts run on the server's worker pool, in the QuickJS sandbox, with small limits so a
// stopped script is stopped soon.
const limits = { cpuMs: 300, memoryBytes: 16 * 1024 * 1024, wallMs: 5_000 };
const event = { eventId: 'e1', type: 'content_compute_document', props: {} };
const environment = { secrets: { TOKEN: 'kept in the sandbox' } };

/** A worker whose fetch runs `body` (an async function's body with `request`) and answers its text. */
const worker = (body: string) =>
  `export default { async fetch(request, env, ctx) { const answer = await (async () => { ${body} })(); return new Response(String(answer)); } };`;

describe('integration script sandbox', () => {
  const workers = createSharedWorkerPool({ maxThreads: 2 });
  const scripts = createIntegrationScripts(workers, { limits, outboundAllowPrivate: false });
  const privateScripts = createIntegrationScripts(workers, { limits, outboundAllowPrivate: true });
  let loopback: Server;
  let loopbackOrigin: string;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    loopback = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('from loopback');
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
    loopbackOrigin = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await workers.stop(new Error('the test is over'));
    await new Promise((resolve) => loopback.close(resolve));
  });

  it('posts the event as GitBook does: multipart fields event and environment, to /v1', async () => {
    const answer = await scripts.dispatch(
      worker(`
        const form = await request.formData();
        return JSON.stringify({
          method: request.method,
          path: new URL(request.url).pathname,
          type: request.headers.get('content-type').split(';')[0],
          event: JSON.parse(form.get('event')),
          environment: JSON.parse(form.get('environment')),
        });`),
      event,
      environment,
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      method: 'POST',
      path: '/v1',
      type: 'multipart/form-data',
      event,
      environment,
    });
  });

  it('stops a script that loops forever at its CPU limit', async () => {
    const answer = await scripts.dispatch(worker('for (;;) {}'), event, environment);
    expect(answer).toEqual({
      ok: false,
      failure: 'cpu',
      message: 'The script ran for more than 300 ms of CPU time and was stopped',
    });
  });

  it('stops a script that allocates without bound at its memory limit', async () => {
    // Time enough that memory, not time, is what runs out.
    const roomy = createIntegrationScripts(workers, {
      limits: { ...limits, cpuMs: 10_000 },
      outboundAllowPrivate: false,
    });
    for (const allocation of [
      'kept.push({ n: kept.length })',
      'kept.push("x".repeat(1 << 16) + kept.length)',
      // Typed arrays' bytes escape QuickJS's own count; the instance's memory cap holds them.
      'kept.push(new Uint8Array(1 << 20))',
    ]) {
      const answer = await roomy.dispatch(
        worker(`const kept = []; for (;;) ${allocation};`),
        event,
        environment,
      );
      expect(answer, allocation).toEqual({
        ok: false,
        failure: 'memory',
        message: 'The script used more than 16777216 bytes of memory and was stopped',
      });
    }
    // One that catches the failure and goes on is stopped all the same, by its CPU time.
    const stubborn = await scripts.dispatch(
      worker(`const kept = [];
        for (;;) { try { kept.push({ n: kept.length }); } catch { kept.length = 0; } }`),
      event,
      environment,
    );
    expect(stubborn).toMatchObject({ ok: false });
  });

  it('ends the thread of a script stuck in long native calls, past its time', async () => {
    const quick = createIntegrationScripts(workers, {
      limits: { ...limits, wallMs: 500 },
      outboundAllowPrivate: false,
    });
    // Each repeat takes tens of milliseconds inside QuickJS, which checks its limits only every
    // few thousand bytecodes.
    const answer = await quick.dispatch(
      worker('for (;;) "x".repeat(1 << 20);'),
      event,
      environment,
    );
    expect(answer).toEqual({
      ok: false,
      failure: 'wall',
      message: 'The script did not answer within 5500 ms and its thread was stopped',
    });
    // The pool goes on with a fresh thread.
    expect(await quick.dispatch(worker('return "after"'), event, environment)).toMatchObject({
      ok: true,
      body: 'after',
    });
  });

  it('gives a script no Node: no require, process, modules or file system', async () => {
    const globals = await scripts.dispatch(
      worker(
        'return [typeof require, typeof process, typeof Buffer, typeof globalThis.std, typeof os].join(",")',
      ),
      event,
      environment,
    );
    expect(globals).toMatchObject({
      ok: true,
      body: 'undefined,undefined,undefined,undefined,undefined',
    });
    const required = await scripts.dispatch(worker('return require("fs")'), event, environment);
    expect(required).toMatchObject({ ok: false, failure: 'threw' });
    if (!required.ok) expect(required.message).toContain("'require' is not defined");
    const exited = await scripts.dispatch(worker('process.exit(1)'), event, environment);
    expect(exited).toMatchObject({ ok: false, failure: 'threw' });
    if (!exited.ok) expect(exited.message).toContain("'process' is not defined");
    const imported = await scripts.dispatch(
      worker('const fs = await import("fs"); return fs.readFileSync("/etc/passwd", "utf8")'),
      event,
      environment,
    );
    expect(imported).toMatchObject({ ok: false, failure: 'threw' });
    if (!imported.ok) expect(imported.message).toContain('cannot import modules; "fs"');
    const statically = await scripts.dispatch(
      `import { readFileSync } from 'node:fs'; export default { fetch: () => new Response(readFileSync('/etc/passwd')) };`,
      event,
      environment,
    );
    expect(statically).toMatchObject({ ok: false, failure: 'threw' });
    if (!statically.ok) expect(statically.message).toContain('"node:fs" is not available');
  });

  it("sends a script's fetch through the outbound guard, which refuses loopback addresses", async () => {
    const refused = await scripts.dispatch(
      worker(`return (await fetch(${JSON.stringify(`${loopbackOrigin}/secret`)})).text()`),
      event,
      environment,
    );
    expect(refused).toMatchObject({ ok: false, failure: 'threw' });
    if (!refused.ok)
      expect(refused.message).toMatch(
        /Refused to fetch .*127\.0\.0\.1 is not a public address \(loopback\)/,
      );
    expect(seen).toEqual([]);

    // With private addresses allowed (OUTBOUND_ALLOW_PRIVATE), the guard makes the request.
    const allowed = await privateScripts.dispatch(
      worker(`const response = await fetch(${JSON.stringify(`${loopbackOrigin}/open`)});
        return response.status + ' ' + (await response.text());`),
      event,
      environment,
    );
    expect(allowed).toMatchObject({ ok: true, body: '200 from loopback' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.['user-agent']).toMatch(/^Quire\//);
  });

  it('tells a script that throws, never answers or answers no Response', async () => {
    expect(await scripts.dispatch(worker('throw new Error("boom")'), event, environment)).toEqual({
      ok: false,
      failure: 'threw',
      message: 'The script failed: Error: boom',
    });
    expect(
      await scripts.dispatch(
        'export default { fetch: () => new Promise(() => {}) };',
        event,
        environment,
      ),
    ).toMatchObject({ ok: false, failure: 'no-answer' });
    expect(
      await scripts.dispatch(
        'export default { fetch: () => ({ status: 200 }) };',
        event,
        environment,
      ),
    ).toMatchObject({ ok: false, failure: 'threw' });
    expect(await scripts.dispatch('export const nothing = 1;', event, environment)).toMatchObject({
      ok: false,
      message: expect.stringContaining('no default export with a fetch'),
    });
    expect(await scripts.dispatch('export default {', event, environment)).toMatchObject({
      ok: false,
      message: expect.stringContaining('SyntaxError'),
    });
  });

  it('stops a script that waits longer than its time', async () => {
    const slow = createIntegrationScripts(workers, {
      limits: { ...limits, wallMs: 300 },
      outboundAllowPrivate: false,
    });
    const answer = await slow.dispatch(
      worker('await new Promise((resolve) => setTimeout(resolve, 60_000))'),
      event,
      environment,
    );
    expect(answer).toEqual({
      ok: false,
      failure: 'wall',
      message: 'The script did not answer within 300 ms',
    });
  });

  it('stops deep recursion as an error of the script', async () => {
    const answer = await scripts.dispatch(
      worker('const down = (n) => down(n + 1) + 1; return down(0)'),
      event,
      environment,
    );
    expect(answer).toMatchObject({ ok: false, failure: 'threw' });
  });
});
