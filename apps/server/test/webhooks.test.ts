import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelaysMs } from '../src/domain/webhooks/retry-schedule.js';
import { expectApiError } from './support/expect-api-error.js';
import { expectEvery } from './support/expect-every.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type WebhookReceiver,
} from './support/webhook-receiver.js';

describe('webhooks', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Receivers here are on loopback, which real deployments keep closed.
    server = await startTestServer({ outboundAllowPrivate: true });
    staff = await createStaffedOrganization(server);
    receiver = await startWebhookReceiver();
    // Standard Webhooks refuses a timestamp five minutes away from the receiver's clock; the
    // receiver's clock here is the server's test clock.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await receiver.close();
    await server.close();
  });
  beforeEach(async () => {
    // Each test starts without webhooks or requests of earlier ones.
    const { items } = await staff.admin.client.GET('/orgs/{organizationId}/webhooks', org());
    for (const webhook of items) {
      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(webhook.id),
      );
    }
    await server.jobs.runDue();
    receiver.received.length = 0;
    receiver.fallback = 200;
  });

  const org = () => ({ params: { path: { organizationId: staff.organizationId } } });
  const hook = (webhookId: string) => ({
    params: { path: { organizationId: staff.organizationId, webhookId } },
  });
  const createWebhook = (events: string[] = ['*'], url = receiver.url) =>
    staff.admin.client.POST('/orgs/{organizationId}/webhooks', {
      ...org(),
      body: { url, events: events as ['*'] },
    });
  const createSpace = (title: string) =>
    staff.admin.client.POST('/orgs/{organizationId}/spaces', { ...org(), body: { title } });
  const deliveries = (webhookId: string) =>
    staff.admin.client.GET(
      '/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
      hook(webhookId),
    );
  const until = async (condition: () => boolean, what: string) => {
    for (let poll = 0; poll < 6000; poll += 1) {
      if (condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`Waited a minute for ${what}`);
  };
  const verify = (secret: string, request: ReceivedRequest) => {
    vi.setSystemTime(server.clock.now());
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  };

  describe('administration', () => {
    it('creates a webhook with a secret shown once, lists, reads, updates and deletes it', async () => {
      const created = await staff.admin.client.POST('/orgs/{organizationId}/webhooks', {
        ...org(),
        body: {
          url: 'https://hooks.example.com/quire',
          events: ['space.created', 'change_request.merged'],
          description: 'Team chat',
        },
      });
      expect(created).toMatchObject({
        object: 'webhook',
        url: 'https://hooks.example.com/quire',
        events: ['space.created', 'change_request.merged'],
        description: 'Team chat',
        active: true,
      });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const read = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(created.id),
      );
      expect(read).not.toHaveProperty('secret');
      expect(read.urls.location).toBe(created.urls.location);
      const listed = await staff.admin.client.GET('/orgs/{organizationId}/webhooks', org());
      expect(listed.items.map((item) => item.id)).toContain(created.id);
      expectEvery(listed.items, (item) => !('secret' in item));

      const updated = await staff.admin.client.PATCH(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        {
          ...hook(created.id),
          body: { events: ['*'], active: false, description: 'Everything' },
        },
      );
      expect(updated).toMatchObject({ events: ['*'], active: false, description: 'Everything' });
      expect(updated).not.toHaveProperty('disabledReason');

      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(created.id),
      );
      await expectApiError(
        staff.admin.client.GET('/orgs/{organizationId}/webhooks/{webhookId}', hook(created.id)),
        404,
      );
      // Deleting what is gone is done already.
      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(created.id),
      );
    });

    it('refuses URLs the server would never send to, and events that do not exist', async () => {
      const refused = async (url: string, message: RegExp) => {
        await expectApiError(createWebhook(['*'], url), 400, message);
      };
      await refused('ftp://hooks.example.com/x', /Only http and https/);
      await refused('https://user:secret@hooks.example.com/x', /user name or password/);
      await refused('/relative/hook', /absolute URL|uri/);
      await refused('http://169.254.169.254/latest', /cloud metadata/);
      await expectApiError(createWebhook(['space.exploded']), 400);
      await expectApiError(createWebhook([]), 400);

      const strict = await startTestServer();
      try {
        const admin = await strict.createUser();
        const organizationId = await strict.createOrganization(admin);
        await expectApiError(
          admin.client.POST('/orgs/{organizationId}/webhooks', {
            params: { path: { organizationId } },
            body: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
          }),
          400,
          /not a public address \(loopback\).*OUTBOUND_ALLOW_PRIVATE=true/,
        );
        // A name is looked up when the webhook is made: localhost is refused then, not later.
        await expectApiError(
          admin.client.POST('/orgs/{organizationId}/webhooks', {
            params: { path: { organizationId } },
            body: { url: 'http://localhost:9/hook', events: ['*'] },
          }),
          400,
          /localhost resolves to (127\.0\.0\.1|::1), not a public address.*OUTBOUND_ALLOW_PRIVATE/,
        );
        const { count } = await admin.client.GET('/orgs/{organizationId}/webhooks', {
          params: { path: { organizationId } },
        });
        expect(count).toBe(0);
      } finally {
        await strict.close();
      }
    });

    it('is for organization admins only; other organizations see nothing', async () => {
      const webhook = await createWebhook();
      for (const member of [staff.creator, staff.reader]) {
        await expectApiError(
          member.client.GET('/orgs/{organizationId}/webhooks', org()),
          403,
          /admin role/,
        );
        await expectApiError(
          member.client.GET('/orgs/{organizationId}/webhooks/{webhookId}', hook(webhook.id)),
          403,
        );
        await expectApiError(
          member.client.POST(
            '/orgs/{organizationId}/webhooks/{webhookId}/secret',
            hook(webhook.id),
          ),
          403,
        );
        await expectApiError(
          member.client.DELETE('/orgs/{organizationId}/webhooks/{webhookId}', hook(webhook.id)),
          403,
        );
      }
      await expectApiError(
        staff.outsider.client.GET('/orgs/{organizationId}/webhooks/{webhookId}', hook(webhook.id)),
        404,
      );
      const elsewhere = await server.createOrganization(staff.admin, 'Elsewhere');
      await expectApiError(
        staff.admin.client.GET('/orgs/{organizationId}/webhooks/{webhookId}', {
          params: { path: { organizationId: elsewhere, webhookId: webhook.id } },
        }),
        404,
      );
    });
  });

  describe('deliveries', () => {
    it('sends subscribed events, signed, with the event id as webhook-id, and only those', async () => {
      const webhook = await createWebhook(['space.created']);
      const space = await createSpace('Delivered');
      await staff.admin.client.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId: space.id } },
        body: { title: 'Not subscribed' },
      });
      expect(await server.jobs.runDue()).toBe(1);

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      if (request === undefined) throw new Error('nothing received');
      const payload = verify(webhook.secret, request) as {
        type: string;
        timestamp: string;
        data: { id: string; action: string; target: { id: string }; payload: unknown };
      };
      expect(payload).toMatchObject({
        type: 'space.created',
        data: { action: 'space.created', target: { type: 'space', id: space.id } },
      });
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['webhook-id']).toBe(payload.data.id);
      const event = await staff.admin.client.GET(
        '/orgs/{organizationId}/audit-events/{auditEventId}',
        {
          params: { path: { organizationId: staff.organizationId, auditEventId: payload.data.id } },
        },
      );
      expect(event.target.id).toBe(space.id);
      // Another secret does not verify it.
      expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request)).toThrow();

      const list = await deliveries(webhook.id);
      expect(list.count).toBe(1);
      expect(list.items[0]).toMatchObject({
        object: 'webhook-delivery',
        webhook: webhook.id,
        event: { id: payload.data.id, action: 'space.created' },
        status: 'succeeded',
        attemptCount: 1,
        lastAttempt: { responseStatus: 200, at: server.clock.now().toISOString() },
      });
      expect(list.items[0]?.lastAttempt?.durationMs).toEqual(expect.any(Number));
      expect(await server.countRows('jobs')).toBe(0);
    });

    it('retries failed attempts with growing pauses until one succeeds', async () => {
      const webhook = await createWebhook(['space.created']);
      await createSpace('Retried');
      receiver.answer(500, 503);

      await server.jobs.runDue();
      let [delivery] = (await deliveries(webhook.id)).items;
      expect(delivery).toMatchObject({
        status: 'pending',
        attemptCount: 1,
        lastAttempt: { responseStatus: 500, error: 'The receiver answered 500' },
        nextAttemptAt: new Date(server.clock.now().getTime() + 5_000).toISOString(),
      });
      const failing = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(webhook.id),
      );
      expect(failing.failingSince).toBe(server.clock.now().toISOString());

      // Nothing is due before the pause is over.
      server.clock.advance(4_000);
      expect(await server.jobs.runDue()).toBe(0);
      server.clock.advance(1_000);
      await server.jobs.runDue();
      [delivery] = (await deliveries(webhook.id)).items;
      expect(delivery).toMatchObject({ status: 'pending', attemptCount: 2 });
      expect(delivery?.nextAttemptAt).toBe(
        new Date(server.clock.now().getTime() + 5 * 60_000).toISOString(),
      );

      server.clock.advance(5 * 60_000);
      await server.jobs.runDue();
      [delivery] = (await deliveries(webhook.id)).items;
      expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 3 });
      expect(delivery).not.toHaveProperty('nextAttemptAt');
      // Its single read keeps every attempt, first to last; the list shows only the latest.
      expect(delivery).not.toHaveProperty('attempts');
      const detail = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}',
        { params: { path: { ...hook(webhook.id).params.path, deliveryId: delivery?.id ?? '' } } },
      );
      expect(detail.attempts.map((attempt) => [attempt.responseStatus, attempt.error])).toEqual([
        [500, 'The receiver answered 500'],
        [503, 'The receiver answered 503'],
        [200, undefined],
      ]);
      expect(detail.attempts.map((attempt) => attempt.at)).toEqual(
        [...detail.attempts.map((attempt) => attempt.at)].sort(),
      );
      expect(detail.lastAttempt).toEqual(detail.attempts.at(-1));
      expect(receiver.received).toHaveLength(3);
      // Every attempt carries the same id, so the receiver keeps one.
      expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(
        1,
      );
      // Signed at each attempt: the last one verifies now (earlier ones are too old by now).
      verify(webhook.secret, receiver.received.at(-1) as ReceivedRequest);
      const recovered = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(webhook.id),
      );
      expect(recovered).not.toHaveProperty('failingSince');
    });

    it('turns a webhook off after a day of failures, and sends again once it is back', async () => {
      const webhook = await createWebhook(['space.created']);
      await createSpace('Never received');
      receiver.fallback = 503;

      await server.jobs.runDue();
      for (const delay of retryDelaysMs) {
        server.clock.advance(delay);
        await server.jobs.runDue();
      }
      expect(receiver.received).toHaveLength(retryDelaysMs.length + 1);
      const [failed] = (await deliveries(webhook.id)).items;
      expect(failed).toMatchObject({ status: 'failed', attemptCount: 8 });
      expect(failed).not.toHaveProperty('nextAttemptAt');
      const off = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(webhook.id),
      );
      expect(off.active).toBe(false);
      expect(off.disabledReason).toMatch(
        /Every delivery attempt since .* failed; the last: The receiver answered 503/,
      );
      const disabled = await staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
        params: {
          path: { organizationId: staff.organizationId },
          query: { action: 'webhook.disabled', target: webhook.id },
        },
      });
      expect(disabled.items[0]?.actor).toMatchObject({ type: 'system' });

      // Off: new events are not queued for it, and redelivery waits until it is on.
      await createSpace('While off');
      expect((await deliveries(webhook.id)).count).toBe(1);
      await expectApiError(
        staff.admin.client.POST(
          '/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
          {
            params: {
              path: {
                organizationId: staff.organizationId,
                webhookId: webhook.id,
                deliveryId: failed?.id ?? '',
              },
            },
          },
        ),
        409,
        /turned off/,
      );

      const on = await staff.admin.client.PATCH('/orgs/{organizationId}/webhooks/{webhookId}', {
        ...hook(webhook.id),
        body: { active: true },
      });
      expect(on).not.toHaveProperty('disabledReason');
      receiver.fallback = 200;
      receiver.received.length = 0;
      const again = await staff.admin.client.POST(
        '/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
        {
          params: {
            path: {
              organizationId: staff.organizationId,
              webhookId: webhook.id,
              deliveryId: failed?.id ?? '',
            },
          },
        },
      );
      expect(again).toMatchObject({
        status: 'pending',
        attemptCount: 0,
        redeliveryOf: failed?.id,
        event: failed?.event,
      });
      await server.jobs.runDue();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.headers['webhook-id']).toBe(failed?.event.id);
      const succeeded = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}',
        {
          params: {
            path: {
              organizationId: staff.organizationId,
              webhookId: webhook.id,
              deliveryId: again.id,
            },
          },
        },
      );
      expect(succeeded).toMatchObject({ status: 'succeeded', attemptCount: 1 });
      const byStatus = await staff.admin.client.GET(
        '/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
        {
          ...hook(webhook.id),
          params: { ...hook(webhook.id).params, query: { status: 'failed' } },
        },
      );
      expect(byStatus.items.map((item) => item.id)).toEqual([failed?.id]);
    });

    it('pings one webhook with a test event, whatever events it takes', async () => {
      const pinged = await createWebhook(['change_request.merged']);
      const bystander = await createWebhook(['*']);
      const delivery = await staff.admin.client.POST(
        '/orgs/{organizationId}/webhooks/{webhookId}/ping',
        hook(pinged.id),
      );
      expect(delivery).toMatchObject({ status: 'pending', event: { action: 'webhook.pinged' } });
      await server.jobs.runDue();
      const pingRequests = receiver.received.filter(
        (request) => JSON.parse(request.body).type === 'webhook.pinged',
      );
      expect(pingRequests).toHaveLength(1);
      expect(verify(pinged.secret, pingRequests[0] as ReceivedRequest)).toMatchObject({
        data: { target: { type: 'webhook', id: pinged.id } },
      });
      expect((await deliveries(bystander.id)).items.map((item) => item.event.action)).not.toContain(
        'webhook.pinged',
      );

      await staff.admin.client.PATCH('/orgs/{organizationId}/webhooks/{webhookId}', {
        ...hook(pinged.id),
        body: { active: false },
      });
      await expectApiError(
        staff.admin.client.POST(
          '/orgs/{organizationId}/webhooks/{webhookId}/ping',
          hook(pinged.id),
        ),
        409,
      );
    });

    it('signs with the previous secret too for a day after a rotation', async () => {
      const webhook = await createWebhook(['webhook.pinged']);
      const rotated = await staff.admin.client.POST(
        '/orgs/{organizationId}/webhooks/{webhookId}/secret',
        hook(webhook.id),
      );
      expect(rotated.secret).not.toBe(webhook.secret);
      expect(rotated.secretRotatedAt).toBe(server.clock.now().toISOString());
      await staff.admin.client.POST(
        '/orgs/{organizationId}/webhooks/{webhookId}/ping',
        hook(webhook.id),
      );
      await server.jobs.runDue();
      const [during] = receiver.received;
      if (during === undefined) throw new Error('nothing received');
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      verify(webhook.secret, during);
      verify(rotated.secret, during);

      server.clock.advance(24 * 60 * 60 * 1000 + 1);
      receiver.received.length = 0;
      await staff.admin.client.POST(
        '/orgs/{organizationId}/webhooks/{webhookId}/ping',
        hook(webhook.id),
      );
      await server.jobs.runDue();
      const [after] = receiver.received;
      if (after === undefined) throw new Error('nothing received');
      verify(rotated.secret, after);
      expect(() => verify(webhook.secret, after)).toThrow();
    });

    it('sends only where the outbound guard allows, checking names when it sends', async () => {
      const strict = await startTestServer();
      try {
        const admin = await strict.createUser();
        const organizationId = await strict.createOrganization(admin);
        // Made with a name that resolved to no refused address then; it points at loopback
        // by the time an event is sent (DNS rebinding), which the send itself must catch.
        const webhook = await admin.client.POST('/orgs/{organizationId}/webhooks', {
          params: { path: { organizationId } },
          body: { url: 'https://hooks.example.com/quire', events: ['space.created'] },
        });
        await strict.services.db
          .updateTable('webhooks')
          .set({ url: receiver.url.replace('127.0.0.1', 'localhost') })
          .where('id', '=', webhook.id)
          .execute();
        await admin.client.POST('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId } },
          body: { title: 'Guarded' },
        });
        await strict.jobs.runDue();
        expect(receiver.received).toHaveLength(0);
        const list = await admin.client.GET(
          '/orgs/{organizationId}/webhooks/{webhookId}/deliveries',
          { params: { path: { organizationId, webhookId: webhook.id } } },
        );
        expect(list.items[0]).toMatchObject({ status: 'pending', attemptCount: 1 });
        expect(list.items[0]?.lastAttempt?.error).toMatch(/not a public address \(loopback\)/);
        expect(list.items[0]?.lastAttempt).not.toHaveProperty('responseStatus');
      } finally {
        await strict.close();
      }
    });

    it("keeps a failing receiver's backlog to its own pauses, and sends the others' meanwhile", async () => {
      const other = await startWebhookReceiver();
      try {
        const failing = await createWebhook(['space.created']);
        await createWebhook(['space.created'], other.url);
        receiver.fallback = 503;
        for (const title of ['One', 'Two', 'Three']) await createSpace(title);
        await server.jobs.runDue();
        // The healthy receiver has all three; the failing one was tried once, and its other
        // deliveries wait for its pause instead of failing one after the other.
        expect(other.received).toHaveLength(3);
        expect(receiver.received).toHaveLength(1);
        const attempts = async () =>
          (await deliveries(failing.id)).items.map((delivery) => delivery.attemptCount).sort();
        expect(await attempts()).toEqual([0, 0, 1]);
        server.clock.advance(4_999);
        expect(await server.jobs.runDue()).toBe(0);
        // At the end of its pause it is tried once again, whichever delivery is next.
        server.clock.advance(1);
        await server.jobs.runDue();
        expect(receiver.received).toHaveLength(2);
        // Back up: what waited goes, one delivery after the other.
        receiver.fallback = 200;
        server.clock.advance(10 * 60_000);
        await server.jobs.runDue();
        expect(receiver.received).toHaveLength(5);
        const statuses = (await deliveries(failing.id)).items.map((delivery) => delivery.status);
        expect(statuses).toEqual(['succeeded', 'succeeded', 'succeeded']);
      } finally {
        await other.close();
      }
    });

    it('sends to other receivers while one is slow to answer', async () => {
      const other = await startWebhookReceiver();
      const release = receiver.hold();
      try {
        await createWebhook(['space.created']);
        await createWebhook(['space.created'], other.url);
        await createSpace('One');
        await createSpace('Two');
        server.jobs.start();
        await until(() => other.received.length === 2, 'both deliveries to the prompt receiver');
        // The slow receiver gets its first delivery (its request may still be on its way when the
        // prompt one has both), unanswered; its second waits its turn.
        await until(() => receiver.received.length > 0, "the slow receiver's first delivery");
        expect(receiver.received).toHaveLength(1);
        release();
        await until(() => receiver.received.length === 2, 'the slow receiver to get its second');
      } finally {
        release();
        await server.jobs.stop();
        await other.close();
      }
    });

    it('drops pending deliveries with their webhook', async () => {
      const webhook = await createWebhook(['space.created']);
      await createSpace('Orphaned');
      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/webhooks/{webhookId}',
        hook(webhook.id),
      );
      expect(await server.countRows('jobs')).toBe(1);
      await server.jobs.runDue();
      expect(receiver.received).toHaveLength(0);
      expect(await server.countRows('jobs')).toBe(0);
    });
  });
});
