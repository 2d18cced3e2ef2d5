import { loadOpenApiDocument } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRoutes } from '../src/http/operations.js';
import { expectApiError } from './support/expect-api-error.js';
import {
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';

describe('HTTP conventions', () => {
  let server: TestServer;
  let admin: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer({ requestBodyLimit: 2048 });
    admin = await server.createUser();
    organizationId = await server.createOrganization(admin);
  });
  afterAll(() => server.close());

  const send = (path: string, init: RequestInit = {}) =>
    server.fetch(new Request(`${testBaseUrl}${path}`, init));
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: number; message: string } }).error;

  it('answers the API information without a token', async () => {
    const info = await server.clientWith().GET('/');
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(info.build)).not.toBeNaN();
  });

  it('needs a valid bearer token', async () => {
    await expectApiError(server.clientWith().GET('/user'), 401, /Missing Authorization/);
    await expectApiError(
      server.clientWith('qr_not-a-real-token').GET('/user'),
      401,
      /Invalid or revoked/,
    );
    const response = await send('/v1/user', { headers: { Authorization: 'Basic abc' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('Bearer');
    expect((await errorOf(response)).message).toMatch(/Bearer <token>/);
  });

  it('answers 401 on every operation but the API information without a token', async () => {
    const protectedRoutes = operationRoutes(loadOpenApiDocument()).filter(
      (route) => !route.isPublic,
    );
    expect(protectedRoutes.length).toBeGreaterThan(10);
    for (const route of protectedRoutes) {
      const path = route.routePath.replace(/:[^/]+/g, 'some-id');
      const response = await send(path, { method: route.method.toUpperCase() });
      expect(response.status, `${route.method} ${path}`).toBe(401);
    }
  });

  it('answers the caller', async () => {
    const user = await admin.client.GET('/user');
    expect(user).toEqual({
      object: 'user',
      id: admin.user.id,
      displayName: admin.user.displayName,
      email: admin.user.email,
      urls: { location: `${testBaseUrl}/v1/users/${admin.user.id}` },
    });
  });

  it('answers 404 for unknown routes and 405 for a wrong method, in the error shape', async () => {
    const unknown = await send('/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({
      code: 404,
      message: 'No such route: GET /v1/nothing-here',
    });
    const wrongMethod = await send('/v1/orgs', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expect((await errorOf(wrongMethod)).code).toBe(405);
  });

  it('refuses bodies that are not JSON, malformed JSON, and bodies over the limit', async () => {
    const post = (body: string, contentType = 'application/json') =>
      send('/v1/orgs', {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': contentType },
        body,
      });
    const malformed = await post('{"title": ');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toMatch(/not valid JSON/);
    const wrongType = await post('title=x', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(415);
    expect((await errorOf(wrongType)).message).toMatch(/Content-Type: application\/json/);
    const missing = await post('');
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toMatch(/body is required/);
    const tooLarge = await post(JSON.stringify({ title: 'x'.repeat(4096) }));
    expect(tooLarge.status).toBe(413);
    expect((await errorOf(tooLarge)).message).toMatch(/2048 bytes/);
    const listed = await admin.client.GET('/orgs');
    expect(listed.count).toBe(1);
  });

  it('echoes a request id and makes one up when none is sent', async () => {
    const made = await send('/v1/');
    expect(made.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    const echoed = await send('/v1/', { headers: { 'X-Request-Id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
  });

  it('coerces query parameters and rejects out-of-range ones', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      await admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: { title },
      });
    }
    const response = await send(`/v1/orgs/${organizationId}/spaces?limit=2`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: unknown[]; count: number; next?: unknown };
    expect(page.items).toHaveLength(2);
    expect(page.count).toBe(3);
    expect(page.next).toBeDefined();
    const bad = await send(`/v1/orgs/${organizationId}/spaces?limit=-1`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/query\.limit must be >= 0/);
  });

  it('serves the spec and its reference', async () => {
    const json = await send('/openapi.json');
    expect(json.status).toBe(200);
    const document = (await json.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/spaces/{spaceId}');
    const yaml = await send('/openapi.yaml');
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0/m);
    const docs = await send('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(await docs.text()).toContain('Quire API');
  });

  it('reports health and readiness', async () => {
    expect((await send('/healthz')).status).toBe(200);
    expect((await send('/readyz')).status).toBe(200);
  });

  it('lets no answer be sniffed into another type, the spec and the reference included', async () => {
    for (const path of ['/healthz', '/readyz', '/openapi.json', '/openapi.yaml', '/docs']) {
      expect((await send(path)).headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
