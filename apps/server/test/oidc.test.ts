import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  type OidcIdentityProvider,
  startOidcIdentityProvider,
} from './support/oidc-identity-provider.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

describe('OpenID Connect single sign-on', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let idp: OidcIdentityProvider;
  let providerId: string;
  let publicProviderId: string;

  const org = () => ({ params: { path: { organizationId: staff.organizationId } } });
  const onProvider = (oidcProviderId: string) => ({
    params: { path: { organizationId: staff.organizationId, oidcProviderId } },
  });
  const userCount = () => server.countRows('users');

  /**
   * A browser signing in: from Quire's start URL through the provider (its redirects and
   * cookies) until the provider sends it back to Quire; answers the URL it comes back to.
   */
  async function visitProvider(id: string, relayState?: string): Promise<string> {
    const query = relayState === undefined ? '' : `?RelayState=${encodeURIComponent(relayState)}`;
    const start = await server.fetch(new Request(`${testBaseUrl}/sso/oidc/${id}/start${query}`));
    expect(start.status).toBe(302);
    expect(start.headers.get('cache-control')).toBe('no-store');
    let location = start.headers.get('location') ?? '';
    expect(location.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    const cookies = new Map<string, string>();
    for (let hops = 0; location.startsWith(idp.issuer); hops += 1) {
      if (hops > 10) throw new Error('The provider redirected too many times');
      const answer = await fetch(location, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const set of answer.headers.getSetCookie()) {
        const [pair = ''] = set.split(';');
        const [name = '', value = ''] = pair.split('=');
        cookies.set(name, value);
      }
      location = new URL(answer.headers.get('location') ?? '', location).href;
    }
    return location;
  }

  /** Quire's answer to the provider sending the browser back. */
  const callback = (url: string) => server.fetch(new Request(url));

  async function expectRefused(response: Response, reason: RegExp): Promise<void> {
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(401);
    expect(body.error.message).toMatch(/^Single sign-on failed: /);
    expect(body.error.message).toMatch(reason);
  }

  /** Signs in through the app's path; answers Quire's last answer. */
  async function signIn(id = providerId, relayState = '/app/'): Promise<Response> {
    return callback(await visitProvider(id, relayState));
  }

  const whoIs = async (landed: Response) => {
    const cookie = landed.headers.get('set-cookie')?.split(';')[0] ?? '';
    const me = await server.fetch(
      new Request(`${testBaseUrl}/v1/user`, { headers: { cookie, 'X-Quire-App': '1' } }),
    );
    return (await me.json()) as { id: string; email: string; displayName: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ outboundAllowPrivate: true });
    staff = await createStaffedOrganization(server);
    idp = await startOidcIdentityProvider();
    const provider = await staff.admin.client.POST('/orgs/{organizationId}/oidc', {
      ...org(),
      body: {
        label: 'Keycloak',
        issuer: idp.issuer,
        clientId: idp.confidential.clientId,
        clientSecret: idp.confidential.clientSecret,
        defaultRole: 'edit',
      },
    });
    providerId = provider.id;
    const publicProvider = await staff.admin.client.POST('/orgs/{organizationId}/oidc', {
      ...org(),
      body: { label: 'Public login', issuer: idp.issuer, clientId: idp.public.clientId },
    });
    publicProviderId = publicProvider.id;
    idp.allowRedirects([provider.service.redirectURL, publicProvider.service.redirectURL]);
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });
  beforeEach(() => {
    idp.nextPerson = undefined;
  });

  describe('providers', () => {
    it("adds a provider, active at once, with Quire's endpoints for it and never its secret", async () => {
      const provider = await staff.admin.client.GET(
        '/orgs/{organizationId}/oidc/{oidcProviderId}',
        onProvider(providerId),
      );
      expect(provider).toEqual({
        object: 'oidc-provider',
        id: providerId,
        label: 'Keycloak',
        issuer: idp.issuer,
        clientId: 'quire',
        hasClientSecret: true,
        defaultRole: 'edit',
        createdAt: expect.any(String),
        status: 'active',
        service: {
          redirectURL: `${testBaseUrl}/sso/oidc/${providerId}/callback`,
          startURL: `${testBaseUrl}/sso/oidc/${providerId}/start`,
        },
        urls: {
          location: `${testBaseUrl}/v1/orgs/${staff.organizationId}/oidc/${providerId}`,
        },
      });
      const { items } = await staff.admin.client.GET('/orgs/{organizationId}/oidc', org());
      // Both were made at the test clock's one time: their order is their ids'.
      const byLabel = items.map((item) => [item.label, item.hasClientSecret]).sort();
      expect(byLabel).toEqual([
        ['Keycloak', true],
        ['Public login', false],
      ]);
      expect(JSON.stringify(items)).not.toContain(idp.confidential.clientSecret);
      const stored = await server.services.db
        .selectFrom('oidc_providers')
        .select('client_secret_sealed')
        .where('id', '=', providerId)
        .executeTakeFirstOrThrow();
      expect(stored.client_secret_sealed).not.toContain(idp.confidential.clientSecret);

      // The sign-in page offers both, to anyone.
      const logins = await server.clientWith().GET('/orgs/{organizationId}/sso', org());
      expect(logins.items).toHaveLength(2);
      expect(logins.items).toEqual(
        expect.arrayContaining([
          {
            id: providerId,
            protocol: 'oidc',
            label: 'Keycloak',
            startURL: `${testBaseUrl}/sso/oidc/${providerId}/start`,
          },
          expect.objectContaining({ id: publicProviderId, protocol: 'oidc' }),
        ]),
      );
    });

    it('changes, clears the secret of, and deletes a provider, each in the audit log', async () => {
      const made = await staff.admin.client.POST('/orgs/{organizationId}/oidc', {
        ...org(),
        body: {
          label: 'Entra',
          issuer: 'https://login.example.com/tenant/v2.0',
          clientId: 'app',
          clientSecret: 'shh',
        },
      });
      expect(made.defaultRole).toBeNull();
      const changed = await staff.admin.client.PATCH(
        '/orgs/{organizationId}/oidc/{oidcProviderId}',
        { ...onProvider(made.id), body: { label: 'Entra ID', clientSecret: null } },
      );
      expect(changed).toMatchObject({ label: 'Entra ID', hasClientSecret: false, clientId: 'app' });
      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/oidc/{oidcProviderId}',
        onProvider(made.id),
      );
      await expectApiError(
        staff.admin.client.GET('/orgs/{organizationId}/oidc/{oidcProviderId}', onProvider(made.id)),
        404,
      );
      // Deleting what is gone is done already.
      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/oidc/{oidcProviderId}',
        onProvider(made.id),
      );
      const { items } = await staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
        params: { path: { organizationId: staff.organizationId }, query: { target: made.id } },
      });
      // The test clock stands still: the three share one time.
      expect(items.map((event) => event.action).sort()).toEqual([
        'oidc_provider.created',
        'oidc_provider.deleted',
        'oidc_provider.updated',
      ]);
    });

    it('refuses issuers that are not reachable URLs, missing fields and unknown teams', async () => {
      const providers = async () =>
        (await staff.admin.client.GET('/orgs/{organizationId}/oidc', org())).count;
      const before = await providers();
      const add = (body: Record<string, unknown>) =>
        staff.admin.client.POST('/orgs/{organizationId}/oidc', {
          ...org(),
          body: { label: 'Bad', issuer: idp.issuer, clientId: 'quire', ...body } as never,
        });
      await expectApiError(add({ issuer: 'not a url' }), 400, /issuer/);
      await expectApiError(add({ issuer: 'ftp://idp.example.com' }), 400, /issuer/);
      await expectApiError(add({ issuer: 'https://idp.example.com/?tenant=1' }), 400, /query/);
      await expectApiError(
        add({ issuer: 'http://169.254.169.254/latest' }),
        400,
        /cloud metadata address/,
      );
      await expectApiError(add({ clientId: undefined }), 400, /clientId/);
      await expectApiError(add({ clientId: '' }), 400, /clientId/);
      await expectApiError(add({ defaultTeam: 'no-such-team' }), 400, /defaultTeam/);
      await expectApiError(add({ defaultRole: 'owner' }), 400, /defaultRole/);
      await expectApiError(add({ label: 'x'.repeat(31) }), 400, /label/);
      await expectApiError(add({ surprise: true }), 400);
      await expectApiError(
        staff.admin.client.PATCH('/orgs/{organizationId}/oidc/{oidcProviderId}', {
          ...onProvider(providerId),
          body: {},
        }),
        400,
      );
      expect(await providers()).toBe(before);
    });

    it('is for organization admins; others get 403, outsiders 404', async () => {
      for (const member of [staff.creator, staff.reader]) {
        await expectApiError(member.client.GET('/orgs/{organizationId}/oidc', org()), 403);
        await expectApiError(
          member.client.POST('/orgs/{organizationId}/oidc', {
            ...org(),
            body: { label: 'Mine', issuer: idp.issuer, clientId: 'quire' },
          }),
          403,
        );
        await expectApiError(
          member.client.DELETE(
            '/orgs/{organizationId}/oidc/{oidcProviderId}',
            onProvider(providerId),
          ),
          403,
        );
      }
      await expectApiError(staff.outsider.client.GET('/orgs/{organizationId}/oidc', org()), 404);
      await expectApiError(server.clientWith().GET('/orgs/{organizationId}/oidc', org()), 401);
    });
  });

  describe('signing in', () => {
    it('signs a new person in to the app: a member with the default role, a session, back where they started', async () => {
      idp.nextPerson = { email: 'Grace@Example.com', name: 'Grace Hopper' };
      const users = await userCount();
      const landed = await signIn(providerId, '/app/orgs/somewhere');
      expect(landed.status).toBe(303);
      expect(landed.headers.get('location')).toBe('/app/orgs/somewhere');
      expect(landed.headers.get('set-cookie')).toMatch(/^quire_session=.*HttpOnly/);
      const me = await whoIs(landed);
      expect(me).toMatchObject({ email: 'grace@example.com', displayName: 'Grace Hopper' });
      expect(await userCount()).toBe(users + 1);
      const member = await staff.admin.client.GET('/orgs/{organizationId}/members/{userId}', {
        params: { path: { organizationId: staff.organizationId, userId: me.id } },
      });
      expect(member).toMatchObject({ role: 'edit', sso: true });
      const { items: sessions } = await server.services.db
        .selectFrom('sessions')
        .select('method')
        .where('user_id', '=', me.id)
        .execute()
        .then((rows) => ({ items: rows }));
      expect(sessions).toEqual([{ method: 'oidc' }]);
      const { items: events } = await staff.admin.client.GET(
        '/orgs/{organizationId}/audit-events',
        {
          params: {
            path: { organizationId: staff.organizationId },
            query: { action: 'member.signed_in_with_sso', target: me.id },
          },
        },
      );
      expect(events).toHaveLength(1);

      // Signing in again is the same person, still one account.
      idp.nextPerson = { email: 'grace@example.com' };
      expect((await whoIs(await signIn())).id).toBe(me.id);
      expect(await userCount()).toBe(users + 1);
    });

    it('signs in through a public client, with PKCE alone', async () => {
      idp.nextPerson = { email: staff.outsider.user.email };
      const landed = await signIn(publicProviderId);
      expect(landed.status).toBe(303);
      expect((await whoIs(landed)).id).toBe(staff.outsider.user.id);
    });

    it('lands a sign-in that names another site in the app instead', async () => {
      idp.nextPerson = { email: 'grace@example.com' };
      for (const relay of ['//evil.example/app/', 'https://evil.example/', '/app/\\evil']) {
        const landed = await signIn(providerId, relay);
        expect(landed.headers.get('location')).toBe('/app/');
      }
    });

    it('accepts an answer once: a replay, a made-up state and a missing one are refused', async () => {
      idp.nextPerson = { email: 'grace@example.com' };
      const back = await visitProvider(providerId, '/app/');
      expect((await callback(back)).status).toBe(303);
      await expectRefused(await callback(back), /already used/);
      const madeUp = new URL(back);
      madeUp.searchParams.set('state', 'made-up');
      await expectRefused(await callback(madeUp.href), /unknown here/);
      madeUp.searchParams.delete('state');
      await expectRefused(await callback(madeUp.href), /no state/);
    });

    it("refuses a code redeemed for another provider's sign-in", async () => {
      idp.nextPerson = { email: 'grace@example.com' };
      const back = new URL(await visitProvider(providerId, '/app/'));
      const elsewhere = new URL(`${testBaseUrl}/sso/oidc/${publicProviderId}/callback`);
      elsewhere.search = back.search;
      await expectRefused(await callback(elsewhere.href), /unknown here/);
    });

    it('refuses a person whose email the provider has not verified, and a refusal of the provider', async () => {
      const users = await userCount();
      idp.nextPerson = { email: 'mallory@example.com', emailVerified: false };
      await expectRefused(await signIn(), /not verified mallory@example.com/);
      idp.nextPerson = undefined;
      await expectRefused(await signIn(), /access_denied/);
      expect(await userCount()).toBe(users);
    });

    it('refuses a sign-in that took longer than ten minutes', async () => {
      idp.nextPerson = { email: 'grace@example.com' };
      const back = await visitProvider(providerId, '/app/');
      server.clock.advance(11 * 60 * 1000);
      await expectRefused(await callback(back), /too long/);
    });

    it('answers unknown providers and a provider it cannot reach in the error shape', async () => {
      const unknown = await server.fetch(new Request(`${testBaseUrl}/sso/oidc/nope/start`));
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: { code: 404 } });
      const gone = await staff.admin.client.POST('/orgs/{organizationId}/oidc', {
        ...org(),
        body: { label: 'Gone', issuer: 'http://127.0.0.1:9/realms/x', clientId: 'quire' },
      });
      await expectRefused(
        await server.fetch(new Request(gone.service.startURL)),
        /configuration could not be read/,
      );
      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/oidc/{oidcProviderId}',
        onProvider(gone.id),
      );
    });
  });
});
