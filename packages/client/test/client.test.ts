import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createQuireClient, paginate, QuireApiError } from '../src/index.js';

// A small app standing in for the server: the client is exercised with a real fetch into it.
function fakeServer() {
  const app = new Hono();
  const seen: { authorization: string | undefined; url: string }[] = [];
  app.use(async (c, next) => {
    seen.push({ authorization: c.req.header('authorization'), url: c.req.url });
    await next();
  });
  app.get('/v1/', (c) => c.json({ version: '1.2.3', build: '2026-01-01T00:00:00.000Z' }));
  app.get('/v1/orgs/:organizationId/spaces', (c) => {
    const page = Number(c.req.query('page') ?? '0');
    const items = [{ title: `space ${page * 2}` }, { title: `space ${page * 2 + 1}` }];
    return c.json({ items, count: 6, ...(page < 2 ? { next: { page: String(page + 1) } } : {}) });
  });
  app.get('/v1/spaces/:spaceId', (c) =>
    c.json({ error: { code: 404, message: `Space ${c.req.param('spaceId')} not found` } }, 404, {
      'X-Request-Id': 'req-1',
    }),
  );
  app.delete('/v1/spaces/:spaceId', (c) => c.body(null, 204));
  app.get('/v1/user', (c) => c.text('gateway down', 502));
  return { fetch: (request: Request) => Promise.resolve(app.fetch(request)), seen };
}

describe('createQuireClient', () => {
  it('sends the token to /v1 paths and resolves to the body', async () => {
    const server = fakeServer();
    const client = createQuireClient({
      baseUrl: 'http://quire.test/',
      token: 'qr_abc',
      fetch: server.fetch,
    });
    expect(await client.GET('/')).toEqual({ version: '1.2.3', build: '2026-01-01T00:00:00.000Z' });
    expect(server.seen[0]).toEqual({
      authorization: 'Bearer qr_abc',
      url: 'http://quire.test/v1/',
    });
  });

  it('sends no Authorization header without a token', async () => {
    const server = fakeServer();
    await createQuireClient({ baseUrl: 'http://quire.test', fetch: server.fetch }).GET('/');
    expect(server.seen[0]?.authorization).toBeUndefined();
  });

  it('resolves a bodiless answer to undefined', async () => {
    const client = createQuireClient({
      baseUrl: 'http://quire.test',
      token: 't',
      fetch: fakeServer().fetch,
    });
    expect(
      await client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: 'a' } } }),
    ).toBeUndefined();
  });

  it('raises QuireApiError with the status, the server message and the request id', async () => {
    const client = createQuireClient({
      baseUrl: 'http://quire.test',
      token: 't',
      fetch: fakeServer().fetch,
    });
    const error = await client
      .GET('/spaces/{spaceId}', { params: { path: { spaceId: 'nope' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuireApiError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Space nope not found',
      requestId: 'req-1',
    });
  });

  it('falls back to the status line when the error has no error body', async () => {
    const client = createQuireClient({
      baseUrl: 'http://quire.test',
      token: 't',
      fetch: fakeServer().fetch,
    });
    await expect(client.GET('/user')).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502: gateway down',
    });
  });
});

describe('paginate', () => {
  it('follows next.page until the last page and yields every item', async () => {
    const client = createQuireClient({
      baseUrl: 'http://quire.test',
      token: 't',
      fetch: fakeServer().fetch,
    });
    const titles: string[] = [];
    for await (const space of paginate((page) =>
      client.GET('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: 'o' }, query: page === undefined ? {} : { page } },
      }),
    )) {
      titles.push(space.title);
    }
    expect(titles).toEqual(['space 0', 'space 1', 'space 2', 'space 3', 'space 4', 'space 5']);
  });
});
