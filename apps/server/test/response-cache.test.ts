import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache, responseCacheKey } from '../src/caches/response-cache.js';
import { answerFromResponseCache } from '../src/http/response-cache-fetch.js';
import { expectApiError } from './support/expect-api-error.js';
import { spaceEditing } from './support/space-editing.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const url = 'http://quire.test/v1/spaces/space-1';
const answer = {
  status: 200,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  body: '{"id":"space-1"}',
};

describe('the fetch that answers kept answers first', () => {
  // A database whose version the test moves, and an app that counts what reaches it.
  let databaseVersion: string | undefined = '1';
  const kept = createResponseCache(() => databaseVersion, { maxBytes: 1024 * 1024 });
  let reached = 0;
  const fetch = answerFromResponseCache(
    () => {
      reached += 1;
      return new Response('from the app', { status: 200 });
    },
    kept,
    pino({ level: 'silent' }),
  );
  const get = (headers: Record<string, string> = {}, target = url) =>
    fetch(new Request(target, { headers: { authorization: 'Bearer one', ...headers } }));

  it('answers a kept answer to the same request, under a request id of its own', async () => {
    databaseVersion = '1';
    kept.keep(responseCacheKey(url, 'Bearer one'), '1', answer);
    reached = 0;
    const first = await get();
    const second = await get({ 'x-request-id': 'chosen-by-client' });
    expect(reached).toBe(0);
    expect(await first.text()).toBe(answer.body);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).toBe('chosen-by-client');
    // The kept headers are copied, never written into.
    expect(answer.headers).not.toHaveProperty('x-request-id');
  });

  it('sends other tokens, other URLs and other methods on to the app', async () => {
    databaseVersion = '1';
    kept.keep(responseCacheKey(url, 'Bearer one'), '1', answer);
    reached = 0;
    expect(await (await get({ authorization: 'Bearer two' })).text()).toBe('from the app');
    expect(await (await get({}, `${url}?shareKey=k`)).text()).toBe('from the app');
    await fetch(new Request(url, { method: 'HEAD', headers: { authorization: 'Bearer one' } }));
    await fetch(new Request(url, { method: 'DELETE', headers: { authorization: 'Bearer one' } }));
    expect(reached).toBe(4);
  });

  it('forgets an answer once the database changes, and keeps none while its version is unknown', async () => {
    databaseVersion = '1';
    kept.keep(responseCacheKey(url, 'Bearer one'), '1', answer);
    databaseVersion = '2';
    reached = 0;
    await get();
    // Back at the old version, the answer is gone all the same.
    databaseVersion = '1';
    await get();
    databaseVersion = undefined;
    kept.keep(responseCacheKey(url, 'Bearer one'), '1', answer);
    await get();
    expect(reached).toBe(3);
  });
});

// Through the app: a read answered again must be the answer the operation would give now.
describe('kept answers of the API', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Answers' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const read = (path: string, token: string, headers: Record<string, string> = {}) =>
    server.fetch(
      new Request(`http://quire.test/v1${path}`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      }),
    );

  it('answers again with the same body and headers, and a request id of its own', async () => {
    const first = await read(`/spaces/${spaceId}`, staff.reader.token);
    const again = await read(`/spaces/${spaceId}`, staff.reader.token, {
      'x-request-id': 'second-read',
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    const withoutId = (response: Response) =>
      [...response.headers].filter(([name]) => name !== 'x-request-id');
    expect(withoutId(again)).toEqual(withoutId(first));
    expect(again.headers.get('x-request-id')).toBe('second-read');
    expect(first.headers.get('x-request-id')).not.toBe('second-read');
  });

  it('answers each caller with their own role, and each URL with its own answer', async () => {
    for (let round = 0; round < 2; round += 1) {
      const asReader = await staff.reader.client.GET('/spaces/{spaceId}', {
        params: { path: { spaceId } },
      });
      const asAdmin = await staff.admin.client.GET('/spaces/{spaceId}', {
        params: { path: { spaceId } },
      });
      expect(asReader.permissions.admin).toBe(false);
      expect(asAdmin.permissions.admin).toBe(true);
    }
  });

  it('answers a page read with the page as merged last', async () => {
    const editing = spaceEditing(staff.admin, () => spaceId);
    const first = await editing.openChangeRequest();
    const {
      changes: [created],
    } = await editing.apply(first, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'First words.\n' } },
    ]);
    await editing.merge(first);
    if (created?.object !== 'created_page') throw new Error('expected a created page');
    const pageId = created.page.id;
    const readPage = (format: 'markdown' | 'document') =>
      staff.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId }, query: { format } },
      });
    for (let round = 0; round < 2; round += 1) {
      const page = await readPage('markdown');
      expect('markdown' in page && page.markdown).toBe('First words.\n');
      expect('document' in (await readPage('document'))).toBe(true);
    }

    const second = await editing.openChangeRequest();
    await editing.apply(second, [
      { operation: 'update_page', page: pageId, document: { markdown: 'Second words.\n' } },
    ]);
    await editing.merge(second);
    const page = await readPage('markdown');
    expect('markdown' in page && page.markdown).toBe('Second words.\n');

    await staff.admin.client.DELETE('/orgs/{organizationId}/members/{userId}', {
      params: { path: { organizationId: staff.organizationId, userId: staff.reader.user.id } },
    });
    await expectApiError(readPage('markdown'), 404);
  });
});
