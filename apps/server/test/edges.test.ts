import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: number; message: string } }).error;

describe('HTTP edges', () => {
  let server: TestServer;
  let admin: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser();
    organizationId = await server.createOrganization(admin);
  });
  afterAll(() => server.close());

  const send = (path: string, init: RequestInit = {}) =>
    server.fetch(
      new Request(`${testBaseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${admin.token}`, ...init.headers },
      }),
    );
  const createSpaceRaw = (body: string, contentType?: string) =>
    send(`/v1/orgs/${organizationId}/spaces`, {
      method: 'POST',
      headers: contentType === undefined ? {} : { 'Content-Type': contentType },
      body,
    });
  const spaceCount = async () =>
    (
      await admin.client.GET('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
      })
    ).count;

  it('answers 415 to bodies that are not JSON and reads application/json and +json types', async () => {
    const before = await spaceCount();
    for (const contentType of ['text/plain', 'application/jsonx', 'multipart/form-data']) {
      const response = await createSpaceRaw('{"title":"Refused"}', contentType);
      expect(response.status, contentType).toBe(415);
      expect((await errorOf(response)).message).toMatch(/Content-Type: application\/json/);
    }
    // fetch sends text bodies as text/plain unless told otherwise; no header at all is refused too.
    const unlabelled = await server.fetch(
      new Request(`${testBaseUrl}/v1/orgs/${organizationId}/spaces`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}` },
        body: new Blob(['{"title":"Refused"}']),
      }),
    );
    expect(unlabelled.status).toBe(415);
    expect((await errorOf(unlabelled)).message).toMatch(/got none/);
    expect(await spaceCount()).toBe(before);

    for (const contentType of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const response = await createSpaceRaw('{"title":"Accepted"}', contentType);
      expect(response.status, contentType).toBe(201);
    }
    expect(await spaceCount()).toBe(before + 2);
  });

  it('refuses text that is not valid Unicode, and keeps valid text exactly as sent', async () => {
    const before = await spaceCount();
    const lone = await createSpaceRaw('{"title":"Broken \\ud800 title"}', 'application/json');
    expect(lone.status).toBe(400);
    expect((await errorOf(lone)).message).toBe(
      'body.title is not valid Unicode: it has a lone surrogate (\\ud800-\\udfff)',
    );
    const loneLow = await createSpaceRaw('{"emoji":"\\udc00"}', 'application/json');
    expect((await errorOf(loneLow)).message).toMatch(/^body\.emoji is not valid Unicode/);
    const inKey = await createSpaceRaw('{"\\ud800":"x"}', 'application/json');
    expect((await errorOf(inKey)).message).toMatch(
      /^body \(a property name\) is not valid Unicode/,
    );
    // PostgreSQL cannot store U+0000, so no database is asked to: in a body, a path or a query.
    const nul = await createSpaceRaw('{"title":"Nul \\u0000 title"}', 'application/json');
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe(
      'body.title must not contain the NUL character (\\u0000)',
    );
    for (const target of ['/v1/spaces/%00', `/v1/orgs/${organizationId}/spaces?page=%00`]) {
      const answer = await server.fetch(
        new Request(`http://quire.test${target}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        }),
      );
      expect(answer.status, target).toBe(400);
      expect((await errorOf(answer)).message, target).toMatch(/NUL character/);
    }
    expect(await spaceCount()).toBe(before);

    const title = 'Café 😀 ĳ 𝒳';
    const created = await admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title, emoji: '😀' },
    });
    expect(created.title).toBe(title);
    const read = await admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: created.id } },
    });
    expect([read.title, read.emoji]).toEqual([title, '😀']);
  });

  it('refuses bodies nested too deeply and numbers that are not finite, and writes nothing', async () => {
    const before = await spaceCount();
    const deep = await createSpaceRaw(
      `{"title":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
      'application/json',
    );
    expect(deep.status).toBe(400);
    expect((await errorOf(deep)).message).toBe('body is nested more than 64 levels deep');
    const huge = await createSpaceRaw('{"title":"x","emoji":1e400}', 'application/json');
    expect((await errorOf(huge)).message).toBe('body.emoji must be a finite number');
    for (const limit of ['Infinity', '1e400', '-Infinity']) {
      const response = await send(`/v1/orgs?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expect((await errorOf(response)).message).toMatch(/^query\.limit must be/);
    }
    expect(await spaceCount()).toBe(before);
  });

  it('refuses titles that are empty or only white space, on every create and update', async () => {
    const space = await admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title: 'Kept' },
    });
    const blank = /body\.title must have a character other than white space/;
    for (const title of ['', ' ', '\t\n ', '\u00a0\u2003']) {
      await expectApiError(
        admin.client.POST('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId } },
          body: { title },
        }),
        400,
        title === '' ? /body\.title must NOT have fewer than 1 characters/ : blank,
      );
      await expectApiError(
        admin.client.PATCH('/spaces/{spaceId}', {
          params: { path: { spaceId: space.id } },
          body: { title },
        }),
        400,
        title === '' ? /body\.title must NOT have fewer than 1 characters/ : blank,
      );
      await expectApiError(
        admin.client.POST('/orgs/{organizationId}/collections', {
          params: { path: { organizationId } },
          body: { title },
        }),
        400,
        /body\.title/,
      );
      await expectApiError(
        admin.client.PATCH('/orgs/{organizationId}', {
          params: { path: { organizationId } },
          body: { title: `${title}  ` },
        }),
        400,
        blank,
      );
    }
    const unchanged = await admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: space.id } },
    });
    expect(unchanged.title).toBe('Kept');
  });

  it('quotes at most a short prefix of a bad value in its messages', async () => {
    const longName = 'n'.repeat(5000);
    const unknownField = await createSpaceRaw(`{"${longName}":1}`, 'application/json');
    const message = (await errorOf(unknownField)).message;
    expect(message).toBe(`body.${'n'.repeat(40)}… is not allowed`);

    const wrongType = await createSpaceRaw('{}', `text/${'x'.repeat(5000)}`);
    expect((await errorOf(wrongType)).message.length).toBeLessThan(150);

    const unknownRoute = await send(`/v1/${'p'.repeat(5000)}`);
    expect(unknownRoute.status).toBe(404);
    expect((await errorOf(unknownRoute)).message.length).toBeLessThan(150);

    const badJson = await createSpaceRaw(`{"title": ${'x'.repeat(5000)}`, 'application/json');
    expect(badJson.status).toBe(400);
    expect((await errorOf(badJson)).message.length).toBeLessThan(150);
  });

  it('binds page tokens to their list, its filters and its order', async () => {
    const other = await server.createOrganization(admin, 'Second organization');
    await server.createOrganization(admin, 'Third organization');
    for (const id of [organizationId, other]) {
      for (const title of ['One', 'Two']) {
        await admin.client.POST('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId: id } },
          body: { title },
        });
      }
    }
    const orgsAsc = await admin.client.GET('/orgs', {
      params: { query: { limit: 1, order: 'asc' } },
    });
    const ascToken = orgsAsc.next?.page ?? '';
    expect(ascToken).not.toBe('');
    // The same list goes on with its token, whatever the page size.
    const secondAsc = await admin.client.GET('/orgs', {
      params: { query: { limit: 5, order: 'asc', page: ascToken } },
    });
    expect(secondAsc.items.map((item) => item.id)).not.toContain(orgsAsc.items[0]?.id);
    expect(secondAsc.items).toHaveLength(2);

    const invalidPage = /Invalid page: .*same list, with the same filters and order/;
    // Another order of the same list.
    await expectApiError(
      admin.client.GET('/orgs', { params: { query: { order: 'desc', page: ascToken } } }),
      400,
      invalidPage,
    );
    await expectApiError(
      admin.client.GET('/orgs', { params: { query: { page: ascToken } } }),
      400,
      invalidPage,
    );
    // Another list.
    await expectApiError(
      admin.client.GET('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId }, query: { page: ascToken } },
      }),
      400,
      invalidPage,
    );
    // The same list of another organization.
    const spacesPage = await admin.client.GET('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: other }, query: { limit: 1 } },
    });
    const spacesToken = spacesPage.next?.page ?? '';
    await expectApiError(
      admin.client.GET('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId }, query: { page: spacesToken } },
      }),
      400,
      invalidPage,
    );
    // An altered token, and one whose signature was dropped.
    const [cursor = '', mac = ''] = spacesToken.split('.');
    const altered = `${cursor}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const page of [altered, cursor, `${cursor}.`, 'garbage']) {
      await expectApiError(
        admin.client.GET('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId: other }, query: { page } },
        }),
        400,
        invalidPage,
      );
    }
    const rest = await admin.client.GET('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: other }, query: { page: spacesToken } },
    });
    expect(rest.items.map((space) => space.title)).toEqual(['Two']);
  });

  it('marks every API answer nosniff and not to be cached, errors included', async () => {
    for (const response of [
      await send('/v1/user'),
      await send('/v1/no-such-route'),
      await server.fetch(new Request(`${testBaseUrl}/v1/user`)),
      await createSpaceRaw('{}', 'text/plain'),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers no cross-origin headers unless CORS_ORIGINS allows the origin', async () => {
    const response = await send('/v1/user', { headers: { Origin: 'https://docs.example.com' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('cross-origin requests', () => {
  let server: TestServer;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: ['https://docs.example.com'] });
    admin = await server.createUser();
  });
  afterAll(() => server.close());

  const preflight = (origin: string) =>
    server.fetch(
      new Request(`${testBaseUrl}/v1/user`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      }),
    );

  it('answers preflights from allowed origins, and only those', async () => {
    const allowed = await preflight('https://docs.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets allowed origins read answers and their Location and request id', async () => {
    const response = await server.fetch(
      new Request(`${testBaseUrl}/v1/user`, {
        headers: { Authorization: `Bearer ${admin.token}`, Origin: 'https://docs.example.com' },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Location.*X-Request-Id/);
  });
});

describe('API reference', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const get = (path: string) => server.fetch(new Request(`${testBaseUrl}${path}`));

  it('serves the spec with this server as its server', async () => {
    const answer = await get('/openapi.json');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const json = (await answer.json()) as { servers: { url: string }[] };
    expect(json.servers).toEqual([{ url: `${testBaseUrl}/v1`, description: 'This Quire server' }]);
    const yaml = await (await get('/openapi.yaml')).text();
    expect(yaml).toContain(`- url: ${testBaseUrl}/v1`);
    expect(yaml).not.toContain('{base_url}');
  });

  it('serves the reference page and every asset it loads from this server', async () => {
    const answer = await get('/docs');
    // Its one inline script runs by its hash; no other may (site-browser.test.ts renders it).
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+'(;|$)/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const page = await answer.text();
    const assets = [...page.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(['/docs/redoc.standalone.js']);
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).toContain("Redoc.init('/openapi.json'");
    const script = await get('/docs/redoc.standalone.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});
