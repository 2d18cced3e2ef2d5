import { QuireApiError } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appBrowser } from './support/app-browser.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

const password = 'a new person passphrase';

// A person without an account opens an invite link, creates an account there and is a member,
// signed in to the app, in one step.
describe('signing up with an invite link', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let organizationId: string;

  const createLink = async (
    body: { role: 'read' | 'edit'; expiresAt?: string } = { role: 'read' },
  ) =>
    org.admin.client.POST('/orgs/{organizationId}/link-invites', {
      params: { path: { organizationId } },
      body,
    });
  const signUp = (
    inviteId: string,
    body: { email: string; password: string; displayName?: string },
  ) => {
    const person = appBrowser(server);
    return {
      person,
      answer: person.client.POST('/orgs/{organizationId}/invites/{inviteId}/sign-up', {
        params: { path: { organizationId, inviteId } },
        body,
      }),
    };
  };
  const statusOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 201,
      (error: unknown) => (error instanceof QuireApiError ? error.status : 0),
    );
  const userCount = () => server.countRows('users');

  beforeAll(async () => {
    server = await startTestServer({
      rateLimits: { perMinute: 0, searchPerMinute: 0, signInPerMinute: 0 },
    });
    org = await createStaffedOrganization(server);
    organizationId = org.organizationId;
  });
  afterAll(() => server.close());

  it('creates the account, the membership with the link role and a session, from the link app page', async () => {
    const link = await createLink({ role: 'edit' });
    expect(link.urls.app).toBe(`${server.services.urls.app('invite', organizationId, link.id)}`);

    const { person, answer } = signUp(link.id, {
      email: 'Newcomer@Example.COM',
      displayName: 'New Comer',
      password,
    });
    const session = await answer;
    expect(session).toMatchObject({ object: 'session', current: true, method: 'password' });
    expect(session.user).toMatchObject({ email: 'newcomer@example.com', displayName: 'New Comer' });
    expect(person.cookie).toMatch(/^quire_session=/);

    // The cookie is a session of the app: the person reads the organization they joined.
    const me = await person.client.GET('/user');
    expect(me.id).toBe(session.user.id);
    const members = await org.admin.client.GET('/orgs/{organizationId}/members', {
      params: { path: { organizationId } },
    });
    expect(members.items.find((member) => member.user.id === me.id)?.role).toBe('edit');

    // The password is theirs from now on.
    const again = appBrowser(server);
    const signedIn = await again.client.POST('/auth/sign-in', {
      body: { email: 'newcomer@example.com', password },
    });
    expect(signedIn.user.id).toBe(me.id);

    const events = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId }, query: { actor: me.id } },
    });
    expect(events.items.map((event) => event.action).sort()).toEqual(
      expect.arrayContaining(['member.joined', 'user.signed_in']),
    );
  });

  it('refuses an email that has an account, and writes nothing', async () => {
    const link = await createLink();
    const before = await userCount();
    const { person, answer } = signUp(link.id, { email: org.reader.user.email, password });
    await expect(answer).rejects.toMatchObject({ status: 409 });
    expect(person.cookie).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('makes one account of two sign-ups with one email at once; the other gets a 409', async () => {
    const link = await createLink();
    const both = await Promise.all(
      [0, 1].map((_) => statusOf(signUp(link.id, { email: 'twice@example.com', password }).answer)),
    );
    expect(both.sort()).toEqual([201, 409]);
  });

  it('refuses a short password and a malformed email with a 400', async () => {
    const link = await createLink();
    const before = await userCount();
    expect(
      await statusOf(signUp(link.id, { email: 'short@example.com', password: 'seven77' }).answer),
    ).toBe(400);
    expect(await statusOf(signUp(link.id, { email: 'not an email', password }).answer)).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it('answers 404 for a link that expired, was deleted, or whose organization turned links off', async () => {
    const expiring = await createLink({
      role: 'read',
      expiresAt: new Date(server.clock.now().getTime() + 60_000).toISOString(),
    });
    server.clock.advance(120_000);
    expect(
      await statusOf(signUp(expiring.id, { email: 'late@example.com', password }).answer),
    ).toBe(404);

    const deleted = await createLink();
    await org.admin.client.DELETE('/orgs/{organizationId}/link-invites/{inviteId}', {
      params: { path: { organizationId, inviteId: deleted.id } },
    });
    expect(await statusOf(signUp(deleted.id, { email: 'gone@example.com', password }).answer)).toBe(
      404,
    );

    const switchedOff = await createLink();
    await org.admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId } },
      body: { inviteLinks: false },
    });
    try {
      expect(
        await statusOf(signUp(switchedOff.id, { email: 'off@example.com', password }).answer),
      ).toBe(404);
    } finally {
      await org.admin.client.PATCH('/orgs/{organizationId}', {
        params: { path: { organizationId } },
        body: { inviteLinks: true },
      });
    }
    expect(
      await statusOf(signUp('no-such-link', { email: 'none@example.com', password }).answer),
    ).toBe(404);
  });
});
