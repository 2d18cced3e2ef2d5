import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type EventType = 'page_view' | 'search_type_query' | 'page_post_feedback';

describe('site insights', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let siteId: string;
  let spaceId: string;
  let siteSpaceId: string;

  const at = () => ({ organizationId: org.organizationId, siteId });

  /** An event as GitBook's renderer sends it, in a visitor's session. */
  const event = (
    type: EventType,
    page: string | null,
    more: {
      session?: string;
      visitor?: string;
      at?: string;
      query?: string;
      rating?: 'bad' | 'ok' | 'good';
    } = {},
  ) => ({
    type,
    ...(more.at === undefined ? {} : { timestamp: more.at }),
    location: {
      url: `http://quire.test/s/${siteId}/${page ?? 'missing'}?share=secret-key`,
      displayContext: 'site' as const,
      siteSection: null,
      siteSpace: siteSpaceId,
      siteShareKey: null,
      space: spaceId,
      revision: null,
      page,
    },
    session: {
      visitorId: more.visitor ?? 'visitor-1',
      sessionId: more.session ?? 'session-1',
      cookies: { tracking: 'yes' },
      userAgent: 'Mozilla/5.0',
      language: 'fr',
      referrer: 'https://www.example.com/links',
      ip: '203.0.113.9',
    },
    ...(more.query === undefined ? {} : { query: more.query }),
    ...(more.rating === undefined ? {} : { feedback: { rating: more.rating } }),
  });

  const track = (events: unknown[]) =>
    server.clientWith().POST('/orgs/{organizationId}/sites/{siteId}/insights/events', {
      params: { path: at() },
      body: { events } as never,
    });
  const aggregate = (body: Record<string, unknown>, client = org.reader.client) =>
    client.POST('/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate', {
      params: { path: at() },
      body: body as never,
    });

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    spaceId = await createSpaceWithContent(org, 'Guides', [
      { operation: 'insert_page', title: 'Install', document: { markdown: 'Install it.\n' } },
    ]);
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Docs', spaces: [spaceId] },
    });
    siteId = site.id;
    const siteSpaces = await org.admin.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces',
      {
        params: { path: at() },
      },
    );
    siteSpaceId = siteSpaces.items[0]?.id ?? '';
  });
  afterAll(() => server.close());

  it("records readers' events of a published site only, keeping no address, cookie or query", async () => {
    await expectApiError(track([event('page_view', 'install')]), 404);
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
    const now = server.clock.now().getTime();
    const hoursAgo = (hours: number) => new Date(now - hours * 3600_000).toISOString();
    await track([
      event('page_view', 'install', { at: hoursAgo(3) }),
      event('page_view', 'install', { at: hoursAgo(2), session: 'session-2' }),
      event('page_view', 'install', { visitor: 'visitor-2', session: 'session-3' }),
      event('page_view', null, { visitor: 'visitor-2', session: 'session-3' }),
      event('search_type_query', null, { query: 'installer' }),
      event('page_post_feedback', 'install', { rating: 'good' }),
      event('page_post_feedback', 'install', { rating: 'bad', visitor: 'visitor-2' }),
    ]);
    const stored = await server.services.db.selectFrom('site_insight_events').selectAll().execute();
    expect(stored).toHaveLength(7);
    const text = JSON.stringify(stored);
    for (const kept of ['203.0.113.9', 'Mozilla', 'secret-key', 'tracking', '"fr"']) {
      expect(text).not.toContain(kept);
    }
    expect(stored.map((row) => row.url_path)).toContain(`/s/${siteId}/install`);
    expect(stored[0]?.referrer_domain).toBe('www.example.com');

    // A site of another organization, an unknown event type and a batch too large are refused.
    const other = await createStaffedOrganization(server);
    await expectApiError(
      server.clientWith().POST('/orgs/{organizationId}/sites/{siteId}/insights/events', {
        params: { path: { organizationId: other.organizationId, siteId } },
        body: { events: [event('page_view', 'install')] } as never,
      }),
      404,
    );
    await expectApiError(track([{ ...event('page_view', 'install'), type: 'page_explode' }]), 400);
    await expectApiError(
      track(Array.from({ length: 101 }, () => event('page_view', 'install'))),
      400,
    );
    expect(
      await server.services.db.selectFrom('site_insight_events').selectAll().execute(),
    ).toHaveLength(7);
  });

  it('counts page views, visitors, searches and feedback for members, grouped as asked', async () => {
    const views = await aggregate({
      range: 'last7Days',
      select: [{ column: 'page' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
      groupBy: [{ column: 'page' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
    });
    expect(views.columns).toEqual([
      { column: 'page', values: [{ page: 'install', space: spaceId }, null] },
      { column: 'eventsCount', values: [3, 1] },
      { column: 'visitorsCount', values: [2, 1] },
    ]);

    const perHour = await aggregate({
      range: 'last24Hours',
      select: [{ column: 'datetime', interval: 'hour' }, { column: 'sessionsCount' }],
      groupBy: [{ column: 'datetime', interval: 'hour' }],
      where: [{ column: 'eventType', values: ['page_view'] }],
    });
    expect(perHour.columns[1]?.values).toEqual([1, 1, 1]);
    const [first, second] = (perHour.columns[0]?.values ?? []) as string[];
    expect(Date.parse(second ?? '') - Date.parse(first ?? '')).toBe(3600_000);

    const searches = await aggregate({
      range: 'last30Days',
      select: [{ column: 'eventSearchQuery' }, { column: 'eventsCount' }],
      groupBy: [{ column: 'eventSearchQuery' }],
      where: [{ column: 'eventType', values: ['search_type_query'] }],
    });
    expect(searches.columns).toEqual([
      { column: 'eventSearchQuery', values: ['installer'] },
      { column: 'eventsCount', values: [1] },
    ]);

    const feedback = await aggregate({
      range: 'last30Days',
      select: [{ column: 'pageFeedbackRating' }],
    });
    expect(feedback.columns).toEqual([
      { column: 'pageFeedbackRating', values: [{ bad: 1, ok: 0, good: 1 }] },
    ]);

    // Groups filtered by their count, and a range that ends before the events.
    const busy = await aggregate({
      range: 'last30Days',
      select: [{ column: 'eventType' }, { column: 'eventsCount' }],
      groupBy: [{ column: 'eventType' }],
      where: [{ column: 'eventsCount', operator: 'greaterThan', values: [2] }],
    });
    expect(busy.columns[0]?.values).toEqual(['page_view']);
    const before = new Date(server.clock.now().getTime() - 30 * 86_400_000).toISOString();
    const empty = await aggregate({
      range: { from: before, to: new Date(Date.parse(before) + 1000).toISOString() },
      select: [{ column: 'eventsCount' }],
    });
    expect(empty.columns).toEqual([{ column: 'eventsCount', values: [0] }]);
  });

  it('refuses outsiders, columns Quire does not record, and queries that cannot be answered', async () => {
    await expectApiError(aggregate({ range: 'last7Days' }, org.outsider.client), 404);
    await expectApiError(aggregate({ range: 'last7Days' }, server.clientWith()), 401);
    await expectApiError(
      aggregate({ range: 'last7Days', select: [{ column: 'visitorBrowser' }] }),
      400,
    );
    await expectApiError(
      aggregate({ range: 'last7Days', select: [{ column: 'urlPath' }] }),
      400,
      /must be in groupBy/,
    );
    await expectApiError(
      aggregate({ range: { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } }),
      400,
      /before/,
    );
  });
});
