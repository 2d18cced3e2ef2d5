import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interruptedAttempt } from '../src/domain/webhooks/run-delivery-attempt.js';
import { jobHandlers } from '../src/jobs/job-handlers.js';
import { createJobRunner } from '../src/jobs/job-runner.js';
import { claimDueJobs } from '../src/store/jobs.js';
import { type GitHttpServer, startGitHttpServer } from './support/git-http-server.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const credentials = { username: 'writer', password: 's3cret-token' };
const second = 1000;

// Two server processes on one database, as a PostgreSQL deployment runs them: one is killed
// holding jobs, the other takes each over once that job's own kind's lease has run out. SQLite has
// one process (a database in memory has no second connection): there the second runner works on
// the first server's connection, which takes over alike.
// Each test pushes to a Git host through `git` child processes, which take seconds when the
// machine is busy: the timeout is the bound, and nothing here waits a fixed number of tries.
describe('jobs a dead server held, taken over by the other server on the database', {
  timeout: 120_000,
}, () => {
  const onPostgres = process.env.QUIRE_TEST_DATABASE === 'postgres';
  let dying: TestServer;
  let survivor: TestServer;
  let org: StaffedOrganization;
  let receiver: WebhookReceiver;
  let git: GitHttpServer;
  let spaceId = '';

  const jobRows = () =>
    survivor.services.db.selectFrom('jobs').select(['kind', 'state', 'attempts']).execute();
  const gitInfo = () =>
    org.admin.client.GET('/spaces/{spaceId}/git/info', { params: { path: { spaceId } } });
  /** What the dying server's runner does first: claims what is due, each for its kind's lease. */
  const claimAsTheDyingServer = () =>
    claimDueJobs(dying.services.db, dying.services.dialect, {
      now: dying.clock.now(),
      leaseMs: new Map(
        jobHandlers(dying.services, { auditRetentionDays: 365 }).map((job) => [
          job.kind,
          job.leaseMs,
        ]),
      ),
      defaultLeaseMs: 60 * second,
      limit: 100,
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    git = await startGitHttpServer(credentials);
    dying = await startTestServer({ outboundAllowPrivate: true });
    survivor = onPostgres
      ? await startTestServer({ outboundAllowPrivate: true, secondProcessOf: dying })
      : dying;
    org = await createStaffedOrganization(dying);
    spaceId = await createSpaceWithContent(org, 'Handbook', [
      { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.\n' } },
    ]);
    await dying.jobs.runDue();
  });
  afterAll(async () => {
    if (survivor !== dying) await survivor.close();
    await dying.close();
    await receiver.close();
    await git.close();
  });

  it('takes over a webhook delivery and a PDF export after 60 s, a Git sync after 2 minutes', async () => {
    const path = { organizationId: org.organizationId };
    const webhook = await org.admin.client.POST('/orgs/{organizationId}/webhooks', {
      params: { path },
      body: { url: receiver.url, events: ['space.updated'] },
    });
    await org.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { title: 'The handbook' },
    });
    const { url: pdfUrl } = await org.admin.client.GET('/spaces/{spaceId}/pdf', {
      params: { path: { spaceId }, query: {} },
    });
    await git.createRepository('handbook');
    await org.admin.client.POST('/spaces/{spaceId}/git/export', {
      params: { path: { spaceId } },
      body: { url: git.url('handbook', credentials), ref: 'main', commitMessage: 'Export' },
    });

    const claimed = await claimAsTheDyingServer();
    expect(claimed.map((job) => job.kind).sort()).toEqual([
      'git.sync',
      'pdf.export',
      'webhook.deliver',
    ]);
    // Killed here: nothing of it renews a lease or settles a job again.

    dying.clock.advance(60 * second - 1);
    expect(await survivor.jobs.runDue()).toBe(0);
    expect(receiver.received).toHaveLength(0);

    dying.clock.advance(1);
    expect(await survivor.jobs.runDue()).toBe(2);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = (
      await org.admin.client.GET('/orgs/{organizationId}/webhooks/{webhookId}/deliveries', {
        params: { path: { ...path, webhookId: webhook.id } },
      })
    ).items;
    const detail = await org.admin.client.GET(
      '/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}',
      { params: { path: { ...path, webhookId: webhook.id, deliveryId: delivery?.id ?? '' } } },
    );
    // The log tells the attempt that may have reached the receiver from the one that did.
    expect(detail).toMatchObject({ status: 'succeeded', attemptCount: 2 });
    expect(detail.attempts).toMatchObject([{ error: interruptedAttempt }, { responseStatus: 200 }]);
    const pdf = await survivor.fetch(new Request(pdfUrl));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await jobRows()).toMatchObject([{ kind: 'git.sync', state: 'running', attempts: 1 }]);
    expect((await gitInfo()).operation).toMatchObject({ state: 'queued' });

    dying.clock.advance(60 * second);
    expect(await survivor.jobs.runDue()).toBe(1);
    expect((await gitInfo()).operation).toMatchObject({ state: 'success', direction: 'export' });
    expect([...(await git.files('handbook')).keys()]).toContain('README.md');
    expect(await jobRows()).toEqual([]);
  });

  it('never takes over a slow Git sync while the server running it lives', async () => {
    await org.admin.client.POST('/spaces/{spaceId}/git/export', {
      params: { path: { spaceId } },
      body: { url: git.url('handbook', credentials), ref: 'main', commitMessage: 'Again' },
    });
    const release = git.hold();
    const requestsBefore = git.requests;
    const living = createJobRunner({
      db: dying.services.db,
      dialect: dying.services.dialect,
      clock: dying.clock,
      logger: dying.services.logger,
      jobs: jobHandlers(dying.services, { auditRetentionDays: 365 }),
      heartbeatMs: 5,
    });
    const running = living.runDue();
    await until(() => git.requests > requestsBefore);
    // Far past the lease: only the running server's heartbeat keeps the job its own.
    dying.clock.advance(30 * 60 * second);
    const now = dying.clock.now().toISOString();
    await until(async () => {
      const row = await survivor.services.db
        .selectFrom('jobs')
        .select('locked_until')
        .where('kind', '=', 'git.sync')
        .executeTakeFirst();
      return (row?.locked_until ?? '') > now;
    });
    expect(await survivor.jobs.runDue()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect((await gitInfo()).operation).toMatchObject({ state: 'success' });
    expect(await jobRows()).toEqual([]);
  });
});

/** Looks again every 10 ms until `condition` holds; the test's timeout bounds the wait. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
