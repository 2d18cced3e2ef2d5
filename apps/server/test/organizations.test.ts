import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { startTestServer, type TestServer, type TestUser } from './support/test-server.js';

describe('organizations', () => {
  let server: TestServer;
  let admin: TestUser;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser();
    organizationId = await server.createOrganization(admin, 'Acme');
  });
  afterAll(() => server.close());

  it('creates an organization with the caller as admin, with every field and a Location', async () => {
    const response = await admin.client.raw.POST('/orgs', {
      body: {
        title: 'Docs team',
        emailDomains: ['Example.com'],
        type: 'community',
        useCase: 'docsSite',
      },
    });
    expect(response.response.status).toBe(201);
    const organization = response.data!;
    expect(response.response.headers.get('location')).toBe(
      `http://quire.test/v1/orgs/${organization.id}`,
    );
    expect(organization).toMatchObject({
      object: 'organization',
      title: 'Docs team',
      emailDomains: ['example.com'],
      type: 'community',
      useCase: 'docsSite',
      defaultRole: null,
      sso: false,
      ai: false,
      inviteLinks: true,
      // No trial on a self-hosted server, and so not on a new one.
      trial: { status: 'notapplicable', count: 0 },
      internal_isOnNewTrial: false,
      permissions: { view: true, admin: true, createContent: true, viewBilling: true },
    });
    expect(
      await admin.client.GET('/orgs/{organizationId}', {
        params: { path: { organizationId: organization.id } },
      }),
    ).toEqual(organization);
  });

  it('validates the title', async () => {
    await expectApiError(admin.client.POST('/orgs', { body: { title: 'A' } }), 400, /body\.title/);
    // @ts-expect-error: the title is required, left out on purpose
    await expectApiError(admin.client.POST('/orgs', { body: {} }), 400, /body\.title is required/);
  });

  it("lists the caller's organizations, newest first by default, with their role", async () => {
    const member = await server.createUser({ organizationId, role: 'review' });
    server.clock.advance(1000);
    const own = await server.createOrganization(member, 'Own');
    const listed = await member.client.GET('/orgs');
    expect(listed.count).toBe(2);
    expect(listed.items.map((item) => item.id)).toEqual([own, organizationId]);
    const byId = new Map(listed.items.map((item) => [item.id, item]));
    expect(byId.get(own)?.permissions.admin).toBe(true);
    expect(byId.get(organizationId)?.permissions).toMatchObject({
      view: true,
      admin: false,
      createContent: false,
    });
    const ascending = await member.client.GET('/orgs', {
      params: { query: { order: 'asc', limit: 1 } },
    });
    expect(ascending.items.map((item) => item.id)).toEqual([organizationId]);
    expect(ascending.next).toBeDefined();
    const second = await member.client.GET('/orgs', {
      params: { query: { order: 'asc', limit: 1, page: ascending.next?.page } },
    });
    expect(second.items.map((item) => item.id)).toEqual([own]);
    expect(second.next).toBeUndefined();
  });

  it('updates every field for admins, with limits', async () => {
    const updated = await admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId } },
      body: {
        title: 'Acme Inc',
        emailDomains: ['acme.com', 'ACME.io'],
        hostname: 'acme-docs',
        defaultRole: 'read',
        defaultContent: { type: 'site', site: 'site1' },
        logo: 'https://acme.com/logo.png',
        sso: true,
        ai: true,
        inviteLinks: false,
      },
    });
    expect(updated).toMatchObject({
      title: 'Acme Inc',
      emailDomains: ['acme.com', 'acme.io'],
      hostname: 'acme-docs',
      defaultRole: 'read',
      defaultContent: { type: 'site', site: 'site1' },
      urls: { logo: 'https://acme.com/logo.png' },
      sso: true,
      ai: true,
      inviteLinks: false,
    });
    const cleared = await admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId } },
      body: { logo: null, defaultRole: null, defaultContent: null },
    });
    expect(cleared.urls.logo).toBeUndefined();
    expect(cleared.defaultRole).toBeNull();
    expect(cleared).not.toHaveProperty('defaultContent');

    const patch = (body: Record<string, unknown>) =>
      admin.client.PATCH('/orgs/{organizationId}', { params: { path: { organizationId } }, body });
    await expectApiError(patch({ title: 'x'.repeat(256) }), 400, /body\.title/);
    await expectApiError(patch({ hostname: 'ab' }), 400, /body\.hostname/);
    await expectApiError(patch({ hostname: 'Not_Valid' }), 400, /body\.hostname/);
    await expectApiError(patch({ emailDomains: ['not a domain'] }), 400, /body\.emailDomains\.0/);
    await expectApiError(patch({ logo: 'not a url' }), 400, /body\.logo/);
    await expectApiError(patch({}), 400, /body/);
  });

  it('keeps hostnames unique across organizations', async () => {
    const other = await server.createOrganization(admin, 'Other');
    await admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId } },
      body: { hostname: 'unique-one' },
    });
    await expectApiError(
      admin.client.PATCH('/orgs/{organizationId}', {
        params: { path: { organizationId: other } },
        body: { hostname: 'unique-one', title: 'Changed' },
      }),
      409,
      /already used/,
    );
    const unchanged = await admin.client.GET('/orgs/{organizationId}', {
      params: { path: { organizationId: other } },
    });
    expect(unchanged.title).toBe('Other');
    // Cleared with null, the hostname is free for the other organization.
    const cleared = await admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId } },
      body: { hostname: null },
    });
    expect(cleared.hostname).toBeUndefined();
    const moved = await admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId: other } },
      body: { hostname: 'unique-one' },
    });
    expect(moved.hostname).toBe('unique-one');
  });

  it('lets only admins update, and hides the organization from non-members', async () => {
    const editor = await server.createUser({ organizationId, role: 'edit' });
    expect(
      (await editor.client.GET('/orgs/{organizationId}', { params: { path: { organizationId } } }))
        .permissions.admin,
    ).toBe(false);
    await expectApiError(
      editor.client.PATCH('/orgs/{organizationId}', {
        params: { path: { organizationId } },
        body: { title: 'Nope' },
      }),
      403,
    );
    const stranger = await server.createUser();
    await expectApiError(
      stranger.client.GET('/orgs/{organizationId}', { params: { path: { organizationId } } }),
      404,
    );
    await expectApiError(
      stranger.client.PATCH('/orgs/{organizationId}', {
        params: { path: { organizationId } },
        body: { title: 'Nope' },
      }),
      404,
    );
    expect(await stranger.client.GET('/orgs')).toEqual({ items: [], count: 0 });
  });

  it('finds organizations by email domain, only for people of that domain', async () => {
    const withDomain = await admin.client.POST('/orgs', {
      body: { title: 'Domain org', emailDomains: ['example.com'] },
    });
    // Test users have example.com addresses.
    const found = await admin.client.GET('/email-domains/{emailDomain}/orgs', {
      params: { path: { emailDomain: 'EXAMPLE.com' } },
    });
    expect(found.organizations.map((organization) => organization.id)).toContain(withDomain.id);
    await expectApiError(
      admin.client.GET('/email-domains/{emailDomain}/orgs', {
        params: { path: { emailDomain: 'acme.com' } },
      }),
      403,
    );
    await expectApiError(
      admin.client.GET('/email-domains/{emailDomain}/orgs', {
        params: { path: { emailDomain: 'not_a_domain!' } },
      }),
      400,
      /path\.emailDomain/,
    );
  });
});
