import { createQuireClient, QuireApiError } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishFixtureSites } from './support/site-fixtures.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

const onPostgres = process.env.QUIRE_TEST_DATABASE === 'postgres';

// Limits small enough to reach in a test; each case uses callers of its own.
describe('rate limits', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer({
      rateLimits: { perMinute: 8, searchPerMinute: 3, signInPerMinute: 2 },
    });
    staff = await createStaffedOrganization(server);
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Limited' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const get = (path: string, token?: string) =>
    server.fetch(
      new Request(`${testBaseUrl}${path}`, {
        headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
      }),
    );
  const member = () => server.createUser({ organizationId: staff.organizationId, role: 'read' });

  it('counts each token against its own budget, says where it stands, and answers 429 past it', async () => {
    const { token } = await member();
    const other = await member();
    const remaining: string[] = [];
    for (let request = 0; request < 8; request += 1) {
      const answer = await get(`/v1/spaces/${spaceId}`, token);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('8');
      remaining.push(answer.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['7', '6', '5', '4', '3', '2', '1', '0']);

    const refused = await get(`/v1/spaces/${spaceId}`, token);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const resetsAt = Number(refused.headers.get('x-ratelimit-reset'));
    expect(resetsAt * 1000).toBeGreaterThan(Date.now());
    expect(resetsAt * 1000).toBeLessThanOrEqual(Date.now() + 61_000);
    expect(await refused.json()).toEqual({
      error: {
        code: 429,
        message: expect.stringMatching(
          /^Too many requests: at most 8 a minute\. Try again in \d+ s\.$/,
        ),
      },
    });
    // The typed client sees the same refusal as an error with its status.
    const client = createQuireClient({ baseUrl: testBaseUrl, token, fetch: server.fetch });
    await expect(client.GET('/user')).rejects.toMatchObject({ status: 429 });
    await expect(client.GET('/user')).rejects.toBeInstanceOf(QuireApiError);

    // Another token, and the health checks, are not held back.
    expect((await get(`/v1/spaces/${spaceId}`, other.token)).status).toBe(200);
    expect((await get('/healthz')).headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('keeps searches to a tighter budget, on top of the requests one', async () => {
    const { token } = await member();
    const search = () => get(`/v1/spaces/${spaceId}/search?query=limits`, token);
    for (let request = 0; request < 3; request += 1) {
      const answer = await search();
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
    }
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many searches: at most 3 a minute/,
    );
    // Reads other than searches go on, within their own budget.
    const read = await get(`/v1/spaces/${spaceId}`, token);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-ratelimit-limit')).toBe('8');
  });

  it('counts sign-in attempts by address, whatever token they bring', async () => {
    const { token } = await member();
    const attempt = () => get('/v1/?share=guessed-key', token);
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many sign-in attempts: at most 2 a minute/,
    );
    // Another token from the same address is refused too: the budget is the address's.
    const other = await member();
    expect((await get('/v1/?share=another-guess', other.token)).status).toBe(429);
  });

  it('counts a reader of a published site once a page, not for each read the site makes', async () => {
    const sites = await startTestServer({
      rateLimits: { perMinute: 40, searchPerMinute: 3, signInPerMinute: 2 },
    });
    try {
      const { docs } = await publishFixtureSites(await createStaffedOrganization(sites));
      // Every page read resolves its URL and reads the site, the page and its tree through the
      // API; only the reader's own request counts, so 40 pages open and the 41st is refused.
      const open = () => sites.fetch(new Request(`${testBaseUrl}/s/${docs}/setup`));
      const statuses: number[] = [];
      const remaining: string[] = [];
      for (let page = 0; page < 40; page += 1) {
        const answer = await open();
        statuses.push(answer.status);
        remaining.push(answer.headers.get('x-ratelimit-remaining') ?? '');
        // The page is made whole with the server's headers (see `published-sites.ts`).
        expect(answer.headers.get('x-ratelimit-limit')).toBe('40');
        expect(answer.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      }
      expect(statuses).toEqual(Array(40).fill(200));
      expect(remaining.slice(0, 3)).toEqual(['39', '38', '37']);
      expect((await open()).status).toBe(429);
    } finally {
      await sites.close();
    }
  });

  it('turns a limit off at 0', async () => {
    const open = await startTestServer({
      rateLimits: { perMinute: 0, searchPerMinute: 0, signInPerMinute: 0 },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => open.fetch(new Request(`${testBaseUrl}/v1/`))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
      expect(answers[0]?.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await open.close();
    }
  });

  it.runIf(onPostgres)('shares each budget between the processes on one database', async () => {
    const second = await startTestServer({
      secondProcessOf: server,
      rateLimits: { perMinute: 8, searchPerMinute: 3, signInPerMinute: 2 },
    });
    try {
      const { token } = await member();
      const on = (target: TestServer) =>
        target.fetch(
          new Request(`${testBaseUrl}/v1/spaces/${spaceId}`, {
            headers: { Authorization: `Bearer ${token}` },
          }),
        );
      const statuses: number[] = [];
      for (let request = 0; request < 9; request += 1) {
        statuses.push((await on(request % 2 === 0 ? server : second)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    } finally {
      await second.close();
    }
  });
});
