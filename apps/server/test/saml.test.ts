import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createSigningKey,
  type SamlIdentityProvider,
  type SigningKey,
  startSamlIdentityProvider,
} from './support/saml-identity-provider.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  testBaseUrl,
} from './support/test-server.js';

describe('SAML single sign-on', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let idp: SamlIdentityProvider;
  let otherKey: SigningKey;
  let providerId: string;

  const org = () => ({ params: { path: { organizationId: staff.organizationId } } });
  const onProvider = (samlProviderId: string) => ({
    params: { path: { organizationId: staff.organizationId, samlProviderId } },
  });
  const userCount = () => server.countRows('users');

  /** Goes where the start URL sends a browser; answers the form the identity provider posts. */
  async function visitIdentityProvider(
    id: string,
    relayState?: string,
  ): Promise<{ action: string; form: URLSearchParams }> {
    const query = relayState === undefined ? '' : `?RelayState=${encodeURIComponent(relayState)}`;
    const start = await server.fetch(new Request(`${testBaseUrl}/sso/saml/${id}/start${query}`));
    expect(start.status).toBe(302);
    expect(start.headers.get('cache-control')).toBe('no-store');
    const location = start.headers.get('location') ?? '';
    expect(location.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
    const page = await (await fetch(location)).text();
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
    return {
      action: /action="([^"]+)"/.exec(page)?.[1] ?? '',
      form: new URLSearchParams({
        SAMLResponse: field('SAMLResponse'),
        RelayState: field('RelayState'),
      }),
    };
  }

  const postToAcs = (action: string, form: URLSearchParams, accept = 'text/html') =>
    server.fetch(
      new Request(action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: accept },
        body: form,
      }),
    );

  async function signIn(accept = 'text/html'): Promise<Response> {
    const { action, form } = await visitIdentityProvider(providerId);
    return postToAcs(action, form, accept);
  }

  async function expectRefused(response: Response, reason: RegExp): Promise<void> {
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(401);
    expect(body.error.message).toMatch(/^Single sign-on failed: /);
    expect(body.error.message).toMatch(reason);
  }

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    idp = await startSamlIdentityProvider();
    otherKey = await createSigningKey('impostor.test');
    const provider = await staff.admin.client.POST('/orgs/{organizationId}/saml', {
      ...org(),
      body: {
        label: 'Company login',
        ssoURL: idp.ssoUrl,
        entityID: idp.entityId,
        certificate: idp.key.certificate,
        defaultRole: 'edit',
      },
    });
    providerId = provider.id;
  });
  afterAll(async () => {
    await idp.close();
    await server.close();
  });
  beforeEach(() => {
    idp.nextResponse = {};
  });

  describe('providers', () => {
    it("adds a provider pending until it is set up, with Quire's endpoints for it", async () => {
      const pending = await staff.admin.client.POST('/orgs/{organizationId}/saml', {
        ...org(),
        body: { label: 'Later' },
      });
      expect(pending).toMatchObject({
        object: 'saml-provider',
        label: 'Later',
        status: 'pending',
        defaultRole: null,
        service: {
          acsURL: `${testBaseUrl}/sso/saml/${pending.id}/acs`,
          startURL: `${testBaseUrl}/sso/saml/${pending.id}/start`,
          entityID: `${testBaseUrl}/sso/saml/${pending.id}/metadata`,
        },
      });
      const start = await server.fetch(new Request(pending.service.startURL));
      expect(start.status).toBe(409);

      const active = await staff.admin.client.PATCH(
        '/orgs/{organizationId}/saml/{samlProviderId}',
        {
          ...onProvider(pending.id),
          body: { ssoURL: idp.ssoUrl, entityID: idp.entityId, certificate: idp.key.certificate },
        },
      );
      expect(active.status).toBe('active');
      const metadata = await server.fetch(new Request(active.service.entityID));
      expect(metadata.headers.get('content-type')).toContain('samlmetadata+xml');
      const xml = await metadata.text();
      expect(xml).toContain(`entityID="${active.service.entityID}"`);
      expect(xml).toContain(`Location="${active.service.acsURL}"`);

      const list = await staff.admin.client.GET('/orgs/{organizationId}/saml', org());
      expect(list.items.map((item) => item.id).sort()).toEqual([providerId, pending.id].sort());

      // The sign-in options are public, and list only active providers.
      await staff.admin.client.PATCH('/orgs/{organizationId}/saml/{samlProviderId}', {
        ...onProvider(pending.id),
        body: { label: 'Contractors' },
      });
      const sso = await server.clientWith().GET('/orgs/{organizationId}/sso', org());
      expect(sso.items).toEqual(
        expect.arrayContaining([
          {
            id: providerId,
            protocol: 'saml',
            label: 'Company login',
            startURL: `${testBaseUrl}/sso/saml/${providerId}/start`,
          },
          {
            id: pending.id,
            protocol: 'saml',
            label: 'Contractors',
            startURL: active.service.startURL,
          },
        ]),
      );
      expect(sso.items).toHaveLength(2);

      await staff.admin.client.DELETE(
        '/orgs/{organizationId}/saml/{samlProviderId}',
        onProvider(pending.id),
      );
      await expectApiError(
        staff.admin.client.GET(
          '/orgs/{organizationId}/saml/{samlProviderId}',
          onProvider(pending.id),
        ),
        404,
      );
      expect((await server.fetch(new Request(active.service.startURL))).status).toBe(404);
    });

    it('refuses certificates that are not X.509 PEM, other URLs and unknown teams', async () => {
      const create = (body: Record<string, unknown>) =>
        staff.admin.client.POST('/orgs/{organizationId}/saml', {
          ...org(),
          body: { label: 'Bad', ...body } as { label: string },
        });
      await expectApiError(
        create({ certificate: 'not a certificate' }),
        400,
        /X\.509 certificate in PEM/,
      );
      await expectApiError(
        create({
          certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
        }),
        400,
        /does not parse/,
      );
      await expectApiError(create({ ssoURL: 'ftp://idp.example.com/sso' }), 400, /http or https/);
      await expectApiError(create({ defaultTeam: 'no-such-team' }), 400, /defaultTeam/);
      await expectApiError(create({ label: 'x'.repeat(31) }), 400);
      await expectApiError(create({ certificate: 'x'.repeat(10_001) }), 400);
      const { count } = await staff.admin.client.GET('/orgs/{organizationId}/saml', org());
      expect(count).toBe(1);
    });

    it('is for organization admins; others get 403, outsiders 404', async () => {
      for (const member of [staff.creator, staff.reader]) {
        await expectApiError(member.client.GET('/orgs/{organizationId}/saml', org()), 403);
        await expectApiError(
          member.client.PATCH('/orgs/{organizationId}/saml/{samlProviderId}', {
            ...onProvider(providerId),
            body: { label: 'Mine' },
          }),
          403,
        );
      }
      await expectApiError(
        staff.outsider.client.GET(
          '/orgs/{organizationId}/saml/{samlProviderId}',
          onProvider(providerId),
        ),
        404,
      );
      await expectApiError(
        server.clientWith().GET('/orgs/{organizationId}/sso', {
          params: { path: { organizationId: 'no-such-organization' } },
        }),
        404,
      );
    });
  });

  describe('signing in', () => {
    it('signs a new person in: a member with the default role, an API token shown once', async () => {
      idp.nextResponse = { email: 'Grace@Example.com', displayName: 'Grace Hopper' };
      const page = await signIn();
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      const token = /<code>(qr_[A-Za-z0-9_-]+)<\/code>/.exec(html)?.[1] ?? '';
      expect(html).toContain('Signed in as grace@example.com');

      const grace = server.clientWith(token);
      const user = await grace.GET('/user');
      expect(user).toMatchObject({ email: 'grace@example.com', displayName: 'Grace Hopper' });
      const organization = await grace.GET('/orgs/{organizationId}', org());
      expect(organization.id).toBe(staff.organizationId);
      const audit = await staff.admin.client.GET('/orgs/{organizationId}/audit-events', {
        params: {
          path: { organizationId: staff.organizationId },
          query: { action: 'member.signed_in_with_sso', actor: user.id },
        },
      });
      expect(audit.items[0]?.target).toMatchObject({ type: 'user', id: user.id });

      // Again, as JSON: the same person, a new token, the membership as it was.
      idp.nextResponse = { email: 'grace@example.com' };
      const again = await signIn('application/json');
      const body = (await again.json()) as {
        token: string;
        user: { id: string };
        organization: string;
      };
      expect(body).toMatchObject({ user: { id: user.id }, organization: staff.organizationId });
      expect(body.token).not.toBe(token);
      expect((await server.clientWith(body.token).GET('/user')).id).toBe(user.id);
    });

    it('signs a person in to the app when the sign-in started there: a session, no token', async () => {
      idp.nextResponse = { email: 'ada@example.com', displayName: 'Ada Lovelace' };
      const tokensBefore = await server.services.db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      const { action, form } = await visitIdentityProvider(providerId, '/app/spaces/abc');
      const landed = await postToAcs(action, form);
      expect(landed.status).toBe(303);
      expect(landed.headers.get('location')).toBe('/app/spaces/abc');
      const cookie = landed.headers.get('set-cookie')?.split(';')[0] ?? '';
      expect(cookie).toMatch(/^quire_session=/);
      const me = await server.fetch(
        new Request(`${testBaseUrl}/v1/user`, { headers: { cookie, 'X-Quire-App': '1' } }),
      );
      expect(await me.json()).toMatchObject({ email: 'ada@example.com' });
      const tokensAfter = await server.services.db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(tokensAfter.count)).toBe(Number(tokensBefore.count));
      // Another site's address is never where a sign-in lands.
      idp.nextResponse = { email: 'ada@example.com' };
      const elsewhere = await visitIdentityProvider(providerId, '//evil.example/app/');
      const page = await postToAcs(elsewhere.action, elsewhere.form);
      expect(page.status).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
    });

    it('marks people who sign in as SSO members and puts them in the default team', async () => {
      const team = await staff.admin.client.PUT('/orgs/{organizationId}/teams', {
        ...org(),
        body: { title: 'Engineering' },
      });
      const withTeam = await staff.admin.client.PATCH(
        '/orgs/{organizationId}/saml/{samlProviderId}',
        { ...onProvider(providerId), body: { defaultTeam: team.id } },
      );
      expect(withTeam.defaultTeam).toMatchObject({
        object: 'team',
        id: team.id,
        title: 'Engineering',
      });
      try {
        idp.nextResponse = { email: 'linus@example.com' };
        const body = (await (await signIn('application/json')).json()) as { user: { id: string } };
        const member = await staff.admin.client.GET('/orgs/{organizationId}/members/{userId}', {
          params: { path: { organizationId: staff.organizationId, userId: body.user.id } },
        });
        expect(member).toMatchObject({ role: 'edit', sso: true, teams: 1 });
        const teamMembers = await staff.admin.client.GET(
          '/orgs/{organizationId}/teams/{teamId}/members',
          { params: { path: { organizationId: staff.organizationId, teamId: team.id } } },
        );
        expect(JSON.stringify(teamMembers.items)).toContain(body.user.id);
      } finally {
        await staff.admin.client.DELETE('/orgs/{organizationId}/teams/{teamId}', {
          params: { path: { organizationId: staff.organizationId, teamId: team.id } },
        });
      }
    });

    it('signs an existing user in under their own account', async () => {
      idp.nextResponse = { email: staff.outsider.user.email };
      const response = await signIn('application/json');
      const body = (await response.json()) as { user: { id: string } };
      expect(body.user.id).toBe(staff.outsider.user.id);
      const organization = await staff.outsider.client.GET('/orgs/{organizationId}', org());
      expect(organization.id).toBe(staff.organizationId);
    });

    it('refuses a response whose signed content was changed', async () => {
      const before = await userCount();
      idp.nextResponse = {
        email: 'mallory@example.com',
        tamper: (xml) => xml.replace('mallory@example.com', 'admin@example.com'),
      };
      await expectRefused(await signIn(), /signature/i);
      expect(await userCount()).toBe(before);
    });

    it('refuses a response signed with another certificate', async () => {
      idp.nextResponse = { signingKey: otherKey };
      await expectRefused(await signIn(), /signature/i);
    });

    it('refuses an expired assertion and one not yet valid', async () => {
      idp.nextResponse = { validFromMs: -20 * 60_000, validForMs: 5 * 60_000 };
      // The subject confirmation's time window is checked first.
      await expectRefused(await signIn(), /no valid subject confirmation|expired/i);
      idp.nextResponse = { validFromMs: 20 * 60_000 };
      await expectRefused(await signIn(), /no valid subject confirmation|not yet valid/i);
    });

    it('refuses an assertion for another audience, or from another issuer', async () => {
      idp.nextResponse = { audience: 'https://elsewhere.example/sp' };
      await expectRefused(await signIn(), /audience/i);
      idp.nextResponse = { issuer: 'https://impostor.example/idp' };
      await expectRefused(await signIn(), /issued by https:\/\/impostor\.example\/idp/);
    });

    it('accepts a response once: a replay is refused', async () => {
      const { action, form } = await visitIdentityProvider(providerId);
      expect((await postToAcs(action, form, 'application/json')).status).toBe(200);
      await expectRefused(await postToAcs(action, form), /InResponseTo/);
    });

    it('refuses a response to no request of ours', async () => {
      const { action } = await visitIdentityProvider(providerId);
      const unsolicited = idp.respond(action, {
        inResponseTo: undefined,
        spEntityId: `${testBaseUrl}/sso/saml/${providerId}/metadata`,
      });
      await expectRefused(
        await postToAcs(action, new URLSearchParams({ SAMLResponse: unsolicited })),
        /InResponseTo/,
      );
    });

    it('answers unknown providers, empty and malformed posts in the error shape', async () => {
      const unknown = await postToAcs(
        `${testBaseUrl}/sso/saml/no-such-provider/acs`,
        new URLSearchParams({ SAMLResponse: 'x' }),
      );
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: { code: 404 } });
      const acs = `${testBaseUrl}/sso/saml/${providerId}/acs`;
      const empty = await postToAcs(acs, new URLSearchParams());
      expect(empty.status).toBe(400);
      expect(await empty.json()).toMatchObject({ error: { message: /SAMLResponse/ } });
      const json = await server.fetch(
        new Request(acs, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        }),
      );
      expect(json.status).toBe(415);
      await expectRefused(
        await postToAcs(acs, new URLSearchParams({ SAMLResponse: 'bm90IHhtbA==' })),
        /./,
      );
    });
  });
});
