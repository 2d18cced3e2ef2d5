import { createQuireClient, QuireApiError } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPassword, signInWithPassword } from '../src/domain/users/sessions.js';
import { DomainError } from '../src/errors.js';
import { appBrowser } from './support/app-browser.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

const password = 'correct horse battery';

// People sign in to the app with a password: a session row behind an HttpOnly cookie, which the
// API honours only on the app's own requests.
describe('app sessions', () => {
  let server: TestServer;
  let org: StaffedOrganization;

  /** A browser of the app: keeps the cookie it is given, and sends it as the app does. */
  const browser = (extraHeaders: Record<string, string> = {}) => appBrowser(server, extraHeaders);
  const signIn = async (email: string, secret = password) => {
    const person = browser();
    const session = await person.client.POST('/auth/sign-in', {
      body: { email, password: secret },
    });
    return { ...person, session };
  };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: unknown) => (error instanceof QuireApiError ? error.status : 0),
    );

  beforeAll(async () => {
    server = await startTestServer({
      rateLimits: { perMinute: 0, searchPerMinute: 0, signInPerMinute: 0 },
    });
    org = await createStaffedOrganization(server);
    for (const person of [org.admin, org.creator, org.reader]) {
      await setPassword(server.services.db, person.user.id, password, server.clock.now());
    }
  });
  afterAll(() => server.close());

  it('signs in with email and password, in any case, to an HttpOnly, SameSite=Lax cookie', async () => {
    const person = browser();
    const response = await person.client.raw.POST('/auth/sign-in', {
      body: { email: org.creator.user.email.toUpperCase(), password },
    });
    expect(response.response.status).toBe(200);
    const cookie = response.response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^quire_session=[\w-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(response.data).toMatchObject({
      object: 'session',
      current: true,
      method: 'password',
      user: { id: org.creator.user.id },
    });
    expect(await person.client.GET('/user')).toMatchObject({ id: org.creator.user.id });
  });

  it('answers a wrong password and an unknown email alike, and sets no cookie', async () => {
    const answers = await Promise.all(
      [
        { email: org.creator.user.email, password: 'not the password' },
        { email: 'nobody@example.com', password },
        { email: org.outsider.user.email, password }, // a person without a password
      ].map(async (body) => {
        const { response, error } = await browser().client.raw.POST('/auth/sign-in', { body });
        return { status: response.status, error, cookie: response.headers.get('set-cookie') };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        error: { error: { code: 401, message: 'Wrong email or password' } },
        cookie: null,
      });
    }
    const empty = await browser().client.raw.POST('/auth/sign-in', {
      body: { email: '', password: '' },
    });
    expect(empty.response.status).toBe(400);
  });

  it('honours the cookie only on the app’s own requests', async () => {
    const person = await signIn(org.reader.user.email);
    // No X-Quire-App: a form or an image another site makes the browser send.
    expect(await status(person.plain.GET('/user'))).toBe(401);
    const foreign = browser({ origin: 'https://evil.example' });
    const { cookie } = person;
    const riding = createQuireClient({
      baseUrl: testBaseUrl,
      session: true,
      fetch: (request) => {
        const headers = new Headers(request.headers);
        headers.set('cookie', cookie ?? '');
        headers.set('origin', 'https://evil.example');
        return server.fetch(new Request(request, { headers }));
      },
    });
    expect(
      await status(
        riding.POST('/orgs/{organizationId}/spaces', {
          params: { path: { organizationId: org.organizationId } },
          body: { title: 'Planted' },
        }),
      ),
    ).toBe(401);
    expect(foreign.cookie).toBeUndefined();
    // The app's own origin, or none (same-origin GETs need not send one), is accepted.
    const own = createQuireClient({
      baseUrl: testBaseUrl,
      session: true,
      fetch: (request) => {
        const headers = new Headers(request.headers);
        headers.set('cookie', cookie ?? '');
        headers.set('origin', testBaseUrl);
        return server.fetch(new Request(request, { headers }));
      },
    });
    expect(await own.GET('/user')).toMatchObject({ id: org.reader.user.id });
  });

  it('lists the caller’s sessions, and a revoked one is refused on its next request', async () => {
    const laptop = await signIn(org.admin.user.email);
    const phone = await signIn(org.admin.user.email);
    const sessions = await laptop.client.GET('/user/sessions');
    expect(sessions.items.map((session) => session.id)).toEqual(
      expect.arrayContaining([laptop.session.id, phone.session.id]),
    );
    expect(sessions.items.find((session) => session.current)?.id).toBe(laptop.session.id);
    // Another person's session is not theirs to end.
    const other = await signIn(org.creator.user.email);
    expect(
      await status(
        laptop.client.DELETE('/user/sessions/{sessionId}', {
          params: { path: { sessionId: other.session.id } },
        }),
      ),
    ).toBe(404);
    await laptop.client.DELETE('/user/sessions/{sessionId}', {
      params: { path: { sessionId: phone.session.id } },
    });
    expect(await status(phone.client.GET('/user'))).toBe(401);
    expect(await status(laptop.client.GET('/user'))).toBe(200);
    expect(await status(other.client.GET('/user'))).toBe(200);
  });

  it('signs out: the session ends and its cookie is cleared', async () => {
    const person = await signIn(org.creator.user.email);
    const response = await person.client.raw.POST('/auth/sign-out');
    expect(response.response.status).toBe(204);
    expect(response.response.headers.get('set-cookie')).toMatch(/^quire_session=; Max-Age=0/);
    expect(await status(person.client.GET('/user'))).toBe(401);
  });

  it('lets admins end a member’s sessions, and ends them when the member is removed', async () => {
    const reader = await signIn(org.reader.user.email);
    const path = { organizationId: org.organizationId, userId: org.reader.user.id };
    expect(
      await status(
        org.creator.client.DELETE('/orgs/{organizationId}/members/{userId}/sessions', {
          params: { path },
        }),
      ),
    ).toBe(403);
    await org.admin.client.DELETE('/orgs/{organizationId}/members/{userId}/sessions', {
      params: { path },
    });
    expect(await status(reader.client.GET('/user'))).toBe(401);

    const again = await signIn(org.reader.user.email);
    await org.admin.client.DELETE('/orgs/{organizationId}/members/{userId}', { params: { path } });
    expect(await status(again.client.GET('/user'))).toBe(401);

    const audit = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { limit: 100 } },
    });
    const actions = audit.items.map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining(['user.signed_in', 'user.signed_out', 'user.session_revoked']),
    );
  });

  it('makes and revokes the caller’s own API tokens, from the app as from a program', async () => {
    const person = await signIn(org.creator.user.email);
    const created = await person.client.POST('/user/tokens');
    expect(created).toMatchObject({ object: 'api-token', token: expect.stringMatching(/^qr_/) });
    const program = server.clientWith(created.token);
    expect(await program.GET('/user')).toMatchObject({ id: org.creator.user.id });
    const listed = await person.client.GET('/user/tokens');
    expect(listed.items.map((token) => token.id)).toContain(created.id);
    expect(listed.items.every((token) => token.token === undefined)).toBe(true);
    // Another person's token is not theirs to revoke.
    expect(
      await status(
        org.admin.client.DELETE('/user/tokens/{tokenId}', {
          params: { path: { tokenId: created.id } },
        }),
      ),
    ).toBe(404);
    await person.client.DELETE('/user/tokens/{tokenId}', {
      params: { path: { tokenId: created.id } },
    });
    expect(await status(program.GET('/user'))).toBe(401);
    // A person in no organization has no audit log to record a token in.
    expect(await status(org.outsider.client.POST('/user/tokens'))).toBe(403);
  });

  it('expires a session after thirty days', async () => {
    const person = await signIn(org.admin.user.email);
    server.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect(await status(person.client.GET('/user'))).toBe(401);
  });

  it('limits password attempts per account, whichever address they come from', async () => {
    // Every request of the in-process server comes from one address, whose own budget would
    // answer first: the account's budget is asked of the domain, as the route asks it.
    const limited = await startTestServer({
      rateLimits: { perMinute: 0, searchPerMinute: 0, signInPerMinute: 5 },
    });
    try {
      const person = await limited.createUser();
      await setPassword(limited.services.db, person.user.id, password, limited.clock.now());
      const attempt = (email: string, secret: string) =>
        signInWithPassword(limited.services, { email, password: secret }, limited.clock.now()).then(
          () => 'signed in',
          (error: unknown) => (error instanceof DomainError ? error.kind : 'failed'),
        );
      const answers = [];
      for (let count = 0; count < 5; count += 1)
        answers.push(await attempt(person.user.email, 'guess'));
      expect(answers).toEqual(Array(5).fill('unauthenticated'));
      // Now even the right password waits: a guesser cannot tell it from a wrong one.
      expect(await attempt(person.user.email, password)).toBe('too-many');
      expect(await attempt('someone.else@example.com', 'guess')).toBe('unauthenticated');
    } finally {
      await limited.close();
    }
  });
});
