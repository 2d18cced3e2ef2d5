import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapEmptyDatabase } from '../src/domain/bootstrap.js';
import { jobHandlers } from '../src/jobs/job-handlers.js';
import { createJobRunner } from '../src/jobs/job-runner.js';
import { scheduleRecurringJobs } from '../src/jobs/recurring-jobs.js';
import { sweeps } from '../src/jobs/sweeps.js';
import { findSpaceById } from '../src/store/spaces.js';
import { expectApiError } from './support/expect-api-error.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const day = 24 * 60 * 60 * 1000;

describe('first start and background work', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('bootstraps an empty database once: owner, organization and a working token', async () => {
    const settings = {
      email: 'Owner@Example.org',
      organizationTitle: 'Handbooks',
      token: 'qr_bootstrap_token_1234',
    };
    const first = await bootstrapEmptyDatabase(server.services.db, settings, server.clock.now());
    expect(first).toMatchObject({ token: 'qr_bootstrap_token_1234', tokenWasGenerated: false });
    const owner = server.clientWith('qr_bootstrap_token_1234');
    expect((await owner.GET('/user')).email).toBe('owner@example.org');
    const organizations = await owner.GET('/orgs');
    expect(organizations.items).toHaveLength(1);
    expect(organizations.items[0]).toMatchObject({
      title: 'Handbooks',
      permissions: { admin: true },
    });
    expect(
      await bootstrapEmptyDatabase(server.services.db, settings, server.clock.now()),
    ).toBeUndefined();
  });

  it('generates a qr_ token when none is configured', async () => {
    const other = await startTestServer();
    try {
      const made = await bootstrapEmptyDatabase(
        other.services.db,
        { email: 'owner@quire.local', organizationTitle: 'Mine', token: undefined },
        other.clock.now(),
      );
      expect(made?.tokenWasGenerated).toBe(true);
      expect(made?.token).toMatch(/^qr_[A-Za-z0-9_-]{43}$/);
      const stored = await other.services.db
        .selectFrom('api_tokens')
        .select('token_hash')
        .execute();
      expect(stored.map((row) => row.token_hash)).not.toContain(made?.token);
      expect((await other.clientWith(made?.token).GET('/user')).email).toBe('owner@quire.local');
    } finally {
      await other.close();
    }
  });

  it('purges spaces deleted more than 7 days ago in a recurring job', async () => {
    const admin = await server.createUser();
    const organizationId = await server.createOrganization(admin);
    const create = () =>
      admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId } },
        body: {},
      });
    const old = await create();
    const recent = await create();
    await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: old.id } } });
    server.clock.advance(5 * day);
    await admin.client.DELETE('/spaces/{spaceId}', { params: { path: { spaceId: recent.id } } });
    server.clock.advance(3 * day);

    // The sweeps are jobs: one row each, however often (or by however many processes) the
    // server starts; each run queues the next after its interval (an hour; a minute for polls).
    const schedule = () =>
      scheduleRecurringJobs(
        server.services.db,
        sweeps(server.services, { auditRetentionDays: 365 }),
        server.clock.now(),
      );
    await schedule();
    await schedule();
    const recurring = () =>
      server.services.db
        .selectFrom('jobs')
        .select(['kind', 'run_at', 'state', 'attempts'])
        .where('id', 'like', 'recurring:%')
        .orderBy('kind')
        .execute();
    expect((await recurring()).map((job) => job.kind)).toEqual([
      'events.prune',
      'git.poll',
      'insights.prune',
      'questions.prune',
      'spaces.purge',
    ]);
    await server.jobs.runDue();
    expect(await findSpaceById(server.services.db, old.id)).toBeUndefined();
    const nextHour = new Date(server.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const nextMinute = new Date(server.clock.now().getTime() + 60 * 1000).toISOString();
    expect(await recurring()).toEqual([
      { kind: 'events.prune', run_at: nextHour, state: 'queued', attempts: 0 },
      { kind: 'git.poll', run_at: nextMinute, state: 'queued', attempts: 0 },
      { kind: 'insights.prune', run_at: nextHour, state: 'queued', attempts: 0 },
      { kind: 'questions.prune', run_at: nextHour, state: 'queued', attempts: 0 },
      { kind: 'spaces.purge', run_at: nextHour, state: 'queued', attempts: 0 },
    ]);
    expect(await findSpaceById(server.services.db, recent.id)).toBeDefined();
    await expectApiError(
      admin.client.POST('/spaces/{spaceId}/restore', { params: { path: { spaceId: old.id } } }),
      404,
    );
    expect(
      (
        await admin.client.POST('/spaces/{spaceId}/restore', {
          params: { path: { spaceId: recent.id } },
        })
      ).id,
    ).toBe(recent.id);
  });
});

describe('the retention sweeps', () => {
  it("removes audit events and readers' events older than their retention, hourly, on the job runner", async () => {
    const server = await startTestServer();
    try {
      const admin = await server.createUser();
      await server.createOrganization(admin);
      const before = await server.countRows('events');
      expect(before).toBeGreaterThan(0);
      await server.services.db
        .insertInto('site_insight_events')
        .values({
          id: 'read-once',
          site_id: 'a-site',
          type: 'page_view',
          occurred_at: server.clock.now().toISOString(),
          display_context: 'site',
          url_path: '/',
          site_section_id: null,
          site_space_id: null,
          space_id: null,
          page_id: null,
          session_id: 'session',
          visitor_id: 'visitor',
          referrer_domain: null,
          search_query: null,
          feedback_rating: null,
        })
        .execute();
      const retention = { auditRetentionDays: 30, insightsRetentionDays: 30 };
      const runner = createJobRunner({
        db: server.services.db,
        dialect: server.services.dialect,
        clock: server.clock,
        logger: server.services.logger,
        jobs: jobHandlers(server.services, retention),
      });
      await scheduleRecurringJobs(
        server.services.db,
        sweeps(server.services, retention),
        server.clock.now(),
      );
      await runner.runDue();
      expect(await server.countRows('events')).toBe(before);
      expect(await server.countRows('site_insight_events')).toBe(1);
      // The next run is an hour later; by then, 31 days on, the events are past the retention.
      server.clock.advance(31 * day);
      await runner.runDue();
      expect(await server.countRows('events')).toBe(0);
      expect(await server.countRows('site_insight_events')).toBe(0);
    } finally {
      await server.close();
    }
  });
});
