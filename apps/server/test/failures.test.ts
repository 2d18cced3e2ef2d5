import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadOpenApiDocument } from '@quire/contract';
import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { defaultIntegrationScriptLimits } from '../src/config.js';
import type { AppEnv } from '../src/http/app-env.js';
import { errorHandler } from '../src/http/error-handler.js';
import { createAppServices } from '../src/services/app-services.js';
import { createLocalBlobStore } from '../src/store/blobs/local-blob-store.js';
import { openDatabase } from '../src/store/database/dialect.js';
import { InvalidPageToken } from '../src/store/pagination.js';

const document = loadOpenApiDocument();

/** An app on a database that is not migrated (every query fails), with its log lines kept. */
async function appOnBrokenDatabase() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const { db, dialect } = openDatabase('sqlite::memory:');
  const services = await createAppServices(
    {
      publicUrl: 'http://quire.test',
      requestBodyLimit: 1024,
      fileSizeLimit: 1024 * 1024,
      outboundAllowPrivate: false,
      integrationScriptLimits: defaultIntegrationScriptLimits,
    },
    {
      db,
      dialect,
      clock: { now: () => new Date() },
      logger: pino({ level: 'info' }, destination),
      // Never written to: these tests make no uploads.
      blobs: createLocalBlobStore(join(tmpdir(), 'quire-failures-unused')),
      // Given, as the database cannot keep them.
      keys: {
        pageTokenKey: Buffer.alloc(32),
        fileUrlKey: Buffer.alloc(32),
        secretsKey: Buffer.alloc(32),
      },
    },
  );
  return { app: createApp(services, document), db, lines };
}

describe('failures', () => {
  it('answers an unexpected failure with a 500 that tells nothing of the internals, and logs it', async () => {
    const { app, db, lines } = await appOnBrokenDatabase();
    const response = await app.request('/v1/user', {
      headers: { Authorization: 'Bearer qr_anything', 'X-Request-Id': 'trace-500' },
    });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      error: {
        code: 500,
        message: expect.stringMatching(/server log has the details under this request id/),
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/api_tokens|no such table|SqliteError|at /);
    expect(response.headers.get('x-request-id')).toBe('trace-500');

    const logged = lines.find((line) => line.msg === 'unexpected error');
    expect(logged).toMatchObject({ requestId: 'trace-500', level: 50 });
    expect(JSON.stringify(logged?.err)).toMatch(/no such table: api_tokens/);
    await db.destroy();
  });

  it('reports not ready, in the error shape, when the database does not answer', async () => {
    const { app, db } = await appOnBrokenDatabase();
    expect((await app.request('/readyz')).status).toBe(200);
    await db.destroy();
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 503, message: 'The database does not answer' },
    });
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('answers a page token the store cannot read with a 400 in the error shape', async () => {
    const app = new Hono<AppEnv>();
    app.onError(errorHandler(pino({ level: 'silent' })));
    app.get('/list', () => {
      throw new InvalidPageToken();
    });
    const response = await app.request('/list');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 400, message: 'Invalid page: pass the next.page value of a previous answer' },
    });
  });
});
