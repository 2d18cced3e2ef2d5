import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

// A 1×1 PNG, and the secret no answer, event or row may show.
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const secret = 'sk-live-do-not-show-4242';

describe('integrations and installations', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  /** Another organization, administered by `other`. */
  let other: TestUser;
  let otherOrgId: string;
  /** Every answer's JSON, searched for the secret at the end. */
  const answers: string[] = [];
  const kept = <T>(answer: T): T => {
    answers.push(JSON.stringify(answer));
    return answer;
  };

  const publish = (name: string, body: Record<string, unknown>, client = org.admin.client) =>
    client
      .POST('/integrations/{integrationName}', {
        params: { path: { integrationName: name } },
        // Invalid bodies are sent on purpose: the server must refuse them.
        body: {
          organization: org.organizationId,
          title: 'Analytics',
          description: 'Counts readers',
          script: 'export default {}',
          scopes: [],
          ...body,
        } as never,
      })
      .then(kept);
  const get = (name: string, client = org.admin.client) =>
    client
      .GET('/integrations/{integrationName}', { params: { path: { integrationName: name } } })
      .then(kept);
  const list = (query: Record<string, string | number | boolean> = {}, client = org.admin.client) =>
    client.GET('/integrations', { params: { query } }).then(kept);
  const names = async (
    query: Record<string, string | number | boolean>,
    client?: typeof org.admin.client,
  ) => (await list(query, client)).items.map((item) => item.name).sort();
  const unpublish = (name: string, client = org.admin.client) =>
    client.DELETE('/integrations/{integrationName}', {
      params: { path: { integrationName: name } },
    });

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    other = await server.createUser();
    otherOrgId = await server.createOrganization(other, 'Other');
  });
  afterAll(async () => {
    await server.close();
  });

  describe('publishing', () => {
    it('publishes under an organization its admin names, with icon, previews and secrets kept apart', async () => {
      const published = await publish('analytics', {
        icon: png,
        previewImages: [png, png],
        secrets: { API_KEY: secret },
        visibility: 'public',
        target: 'space',
        categories: ['analytics'],
        scopes: ['space:views:read'],
        summary: '# Analytics',
        externalLinks: [{ url: 'https://analytics.example.com', label: 'Site' }],
        contentSecurityPolicy: "script-src 'self'",
      });
      expect(published).toMatchObject({
        object: 'integration',
        name: 'analytics',
        version: 1,
        title: 'Analytics',
        visibility: 'public',
        target: 'space',
        verified: false,
        categories: ['analytics'],
        owner: { id: org.organizationId },
        permissions: { admin: true, install: true },
        urls: { location: 'http://quire.test/v1/integrations/analytics' },
      });
      expect(published.previewImages).toHaveLength(2);
      const icon = await server.fetch(new Request(published.urls.icon ?? ''));
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await icon.arrayBuffer()).equals(Buffer.from(png, 'base64'))).toBe(true);
      expect(JSON.stringify(published)).not.toContain('API_KEY');
    });

    it('adds one to the version at each publish and replaces the definition', async () => {
      const again = await publish('analytics', {
        icon: png,
        secrets: { API_KEY: secret },
        visibility: 'public',
        target: 'space',
        title: 'Analytics 2',
        categories: ['analytics'],
        scopes: ['space:views:read'],
      });
      expect(again).toMatchObject({ version: 2, title: 'Analytics 2', previewImages: [] });
      expect((await get('analytics')).version).toBe(2);
    });

    it('keeps secrets sealed in the database', async () => {
      const row = await server.services.db
        .selectFrom('integrations')
        .select(['secrets', 'script'])
        .where('name', '=', 'analytics')
        .executeTakeFirstOrThrow();
      expect(row.script).toBe('export default {}');
      expect(row.secrets).not.toBeNull();
      expect(row.secrets).not.toContain(secret);
      expect(Buffer.from(row.secrets ?? '', 'base64url').toString('latin1')).not.toContain(secret);
    });

    it('takes the organization by its hostname too', async () => {
      await org.admin.client.PATCH('/orgs/{organizationId}', {
        params: { path: { organizationId: org.organizationId } },
        body: { hostname: 'acme-docs' },
      });
      const published = await publish('by-hostname', { organization: 'acme-docs' });
      expect(published.owner.id).toBe(org.organizationId);
      expect(published.visibility).toBe('private');
    });

    it('lets only admins of the organization publish, and hides other organizations', async () => {
      await expectApiError(publish('nope', {}, org.creator.client), 403, /admins/);
      await expectApiError(publish('nope', {}, org.outsider.client), 404);
      await expectApiError(publish('nope', { organization: 'no-such-org' }), 404);
      await expectApiError(server.clientWith().GET('/integrations'), 401);
    });

    it('refuses a name another organization published', async () => {
      await expectApiError(
        publish('analytics', { organization: otherOrgId }, other.client),
        409,
        /another organization/,
      );
    });

    it('refuses bad input with a 400 and writes nothing', async () => {
      const cases: [Record<string, unknown>, RegExp?][] = [
        [{ title: 'A' }],
        [{ title: 'x'.repeat(31) }],
        [{ description: 'x'.repeat(101) }],
        [{ summary: 'x'.repeat(2049) }],
        [{ previewImages: [png, png, png, png] }],
        [{ visibility: 'secret' }],
        [{ target: 'page' }],
        [{ scopes: ['space:everything'] }],
        [{ categories: ['games'] }],
        [{ runtime: 'v3' }],
        [{ script: undefined }],
        [{ secrets: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`K${i}`, 'v'])) }],
        [{ secrets: { KEY: 42 } }],
        [{ icon: Buffer.from('not an image').toString('base64') }, /icon: not the base64/],
        [{ previewImages: [png, Buffer.from('GIF7').toString('base64')] }, /previewImages\[1\]/],
        [
          {
            configurations: { account: { properties: { a: { type: 'string' } }, required: ['b'] } },
          },
          /configurations\.account\.required/,
        ],
        [{ externalLinks: [{ url: 'not a url', label: 'x' }] }],
      ];
      for (const [body, message] of cases) {
        await expectApiError(publish('half-written', body), 400, message);
      }
      await expectApiError(
        org.admin.client.POST('/integrations/{integrationName}', {
          params: { path: { integrationName: 'bad name!' } },
          body: {
            organization: org.organizationId,
            title: 'Bad',
            description: '',
            script: '',
            scopes: [],
          },
        }),
        400,
      );
      await expectApiError(get('half-written'), 404);
    });
  });

  describe('reading', () => {
    beforeAll(async () => {
      await publish('private-tool', {
        visibility: 'private',
        target: 'organization',
        categories: ['content'],
        blocks: [
          {
            id: 'embed',
            title: 'Embed',
            urlUnfurl: ['https://www.figma.com/file/*'],
          },
        ],
      });
      await publish('unlisted-tool', {
        visibility: 'unlisted',
        target: 'site',
        scopes: ['site:script:inject'],
        contentSources: [
          { id: 'src', title: 'Source', configuration: { componentId: 'configure' } },
        ],
      });
      await publish(
        'other-public',
        {
          organization: otherOrgId,
          visibility: 'public',
          target: 'all',
          categories: ['marketing', 'other'],
          scopes: ['site:views:read'],
          title: 'Marketer',
        },
        other.client,
      );
    });

    it('shows private integrations to their members only, and lists unlisted ones only to them', async () => {
      expect((await get('private-tool', org.reader.client)).permissions).toEqual({
        admin: false,
        install: false,
      });
      await expectApiError(get('private-tool', org.outsider.client), 404);
      expect((await get('unlisted-tool', org.outsider.client)).name).toBe('unlisted-tool');
      expect(await names({}, org.outsider.client)).toEqual(['analytics', 'other-public']);
      expect(await names({}, org.reader.client)).toEqual([
        'analytics',
        'by-hostname',
        'other-public',
        'private-tool',
        'unlisted-tool',
      ]);
      await expectApiError(get('no-such-integration'), 404);
    });

    it('filters by every parameter', async () => {
      expect(await names({ search: 'market' })).toEqual(['other-public']);
      expect(await names({ search: 'PRIVATE' })).toEqual(['private-tool']);
      expect(await names({ category: 'analytics' })).toEqual(['analytics']);
      expect(await names({ category: 'other' })).toEqual(['other-public']);
      expect(await names({ blockDomain: 'figma.com' })).toEqual(['private-tool']);
      expect(await names({ blockDomain: 'www.figma.com' })).toEqual(['private-tool']);
      expect(await names({ blockDomain: 'example.com' })).toEqual([]);
      expect(await names({ blocks: true })).toEqual(['private-tool']);
      expect((await names({ blocks: false })).includes('private-tool')).toBe(false);
      expect(await names({ contentSources: true })).toEqual(['unlisted-tool']);
      expect((await names({ contentSources: false })).length).toBe(4);
      expect(await names({ owner: otherOrgId })).toEqual(['other-public']);
      expect(await names({ scope: 'site:script:inject' })).toEqual(['unlisted-tool']);
      expect(await names({ scope: 'space:views:read' })).toEqual(['analytics']);
      expect(await names({ target: 'organization' })).toEqual(['private-tool']);
      expect(await names({ target: 'all', owner: otherOrgId })).toEqual(['other-public']);
      await expectApiError(list({ category: 'games' }), 400);
      await expectApiError(list({ blockDomain: 'a/b' }), 400);
      await expectApiError(list({ limit: 1001 }), 400);
    });

    it('pages through the list', async () => {
      const first = await list({ limit: 2 });
      expect(first.count).toBe(5);
      expect(first.items.map((item) => item.name)).toEqual(['analytics', 'by-hostname']);
      const second = await list({ limit: 2, page: first.next?.page ?? '' });
      expect(second.items.map((item) => item.name)).toEqual(['other-public', 'private-tool']);
      await expectApiError(list({ page: 'garbage' }), 400);
    });
  });

  describe('installations', () => {
    let installationId: string;
    let spaceId: string;
    let siteId: string;
    const at = () => ({ path: { integrationName: 'configured', installationId } });
    const atSpace = () => ({ path: { ...at().path, spaceId } });
    const atSite = () => ({ path: { ...at().path, siteId } });

    beforeAll(async () => {
      await publish('configured', {
        visibility: 'public',
        target: 'all',
        configurations: {
          account: {
            properties: {
              token: { type: 'string', title: 'Token' },
              region: { type: 'string', enum: ['eu', 'us'] },
              sync: { type: 'button', callback_url: '/sync', button_text: 'Sync' },
            },
            required: ['token'],
          },
          space: { properties: { depth: { type: 'number' } }, required: ['depth'] },
          site: { properties: { tracking: { type: 'boolean' } } },
        },
      });
      const space = await other.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: otherOrgId } },
        body: { title: 'Guides' },
      });
      spaceId = space.id;
      const site = await other.client.POST('/orgs/{organizationId}/sites', {
        params: { path: { organizationId: otherOrgId } },
        body: { title: 'Docs' },
      });
      siteId = site.id;
    });

    it('installs on an organization its admin names, once', async () => {
      const member = await server.createUser({ organizationId: otherOrgId, role: 'create' });
      const install = (client = other.client, organization = otherOrgId) =>
        client.POST('/integrations/{integrationName}/installations', {
          params: { path: { integrationName: 'configured' } },
          body: { organization },
        });
      await expectApiError(install(member.client), 403);
      await expectApiError(install(org.outsider.client), 404);
      const installation = kept(await install());
      installationId = installation.id;
      expect(installation).toMatchObject({
        object: 'integration-installation',
        integration: 'configured',
        status: 'active',
        spaces: 0,
        sites: 0,
        configuration: {},
        externalIds: [],
        target: { organization: otherOrgId },
      });
      await expectApiError(install(), 409);
      // A private integration goes only in its own organization.
      await expectApiError(
        other.client.POST('/integrations/{integrationName}/installations', {
          params: { path: { integrationName: 'private-tool' } },
          body: { organization: otherOrgId },
        }),
        404,
      );
      const own = await org.admin.client.POST('/integrations/{integrationName}/installations', {
        params: { path: { integrationName: 'private-tool' } },
        body: { organization: org.organizationId },
      });
      expect(own.target.organization).toBe(org.organizationId);
    });

    it('validates the configuration against the integration schema', async () => {
      const update = (body: Record<string, unknown>, client = other.client) =>
        client.PATCH('/integrations/{integrationName}/installations/{installationId}', {
          params: at(),
          body,
        });
      await expectApiError(update({ configuration: {} }), 400, /configuration\.token.*account/);
      await expectApiError(update({ configuration: { token: 42 } }), 400, /configuration\.token/);
      await expectApiError(
        update({ configuration: { token: 't', region: 'mars' } }),
        400,
        /configuration\.region/,
      );
      await expectApiError(update({ externalIds: ['a', 'b', 'c', 'd', 'e', 'f'] }), 400);
      const updated = kept(
        await update({ configuration: { token: 't', region: 'eu' }, externalIds: ['acct-1'] }),
      );
      expect(updated).toMatchObject({
        configuration: { token: 't', region: 'eu' },
        externalIds: ['acct-1'],
      });
      const member = await server.createUser({ organizationId: otherOrgId, role: 'create' });
      await expectApiError(update({ externalIds: [] }, member.client), 404);
    });

    it('lists installations to those who may see them, by external ID', async () => {
      const listFor = (client: typeof other.client, externalId?: string) =>
        client.GET('/integrations/{integrationName}/installations', {
          params: {
            path: { integrationName: 'configured' },
            query: externalId === undefined ? {} : { externalId },
          },
        });
      expect((await listFor(other.client)).items.map((item) => item.id)).toEqual([installationId]);
      // The integration's own admins see every installation.
      expect((await listFor(org.admin.client, 'acct-1')).items.map((item) => item.id)).toEqual([
        installationId,
      ]);
      expect((await listFor(org.admin.client, 'acct-2')).count).toBe(0);
      expect((await listFor(org.reader.client)).count).toBe(0);
      const read = await other.client.GET(
        '/integrations/{integrationName}/installations/{installationId}',
        { params: at() },
      );
      expect(read.id).toBe(installationId);
      await expectApiError(
        org.reader.client.GET('/integrations/{integrationName}/installations/{installationId}', {
          params: at(),
        }),
        404,
      );
    });

    it('installs on spaces and sites of the organization, per the target', async () => {
      const onSpace = (space: string) =>
        other.client.POST('/integrations/{integrationName}/installations/{installationId}/spaces', {
          params: at(),
          body: { space },
        });
      const spaceInstall = kept(await onSpace(spaceId));
      expect(spaceInstall).toMatchObject({
        object: 'integration-space-installation',
        integration: 'configured',
        installation: installationId,
        space: spaceId,
      });
      await expectApiError(onSpace(spaceId), 409);
      const foreign = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: org.organizationId } },
        body: { title: 'Not theirs' },
      });
      await expectApiError(onSpace(foreign.id), 404);
      const siteInstall = await other.client.POST(
        '/integrations/{integrationName}/installations/{installationId}/sites',
        { params: at(), body: { siteId } },
      );
      expect(siteInstall.site).toBe(siteId);
      const counted = await other.client.GET(
        '/integrations/{integrationName}/installations/{installationId}',
        { params: at() },
      );
      expect(counted).toMatchObject({ spaces: 1, sites: 1 });

      const spaces = await other.client.GET(
        '/integrations/{integrationName}/installations/{installationId}/spaces',
        { params: at() },
      );
      expect(spaces.items.map((item) => item.space)).toEqual([spaceId]);
      const sites = await other.client.GET(
        '/integrations/{integrationName}/installations/{installationId}/sites',
        { params: at() },
      );
      expect(sites.items.map((item) => item.site)).toEqual([siteId]);
      const oneSpace = await other.client.GET(
        '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
        { params: atSpace() },
      );
      expect(oneSpace.space).toBe(spaceId);
      const oneSite = await other.client.GET(
        '/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
        { params: atSite() },
      );
      expect(oneSite.site).toBe(siteId);
    });

    it('validates space and site configurations', async () => {
      const updateSpace = (body: Record<string, unknown>) =>
        other.client.PATCH(
          '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
          { params: atSpace(), body },
        );
      await expectApiError(
        updateSpace({ configuration: { depth: 'deep' } }),
        400,
        /space configuration/,
      );
      await expectApiError(updateSpace({ configuration: {} }), 400, /depth/);
      expect((await updateSpace({ configuration: { depth: 2 } })).configuration).toEqual({
        depth: 2,
      });
      const updateSite = (body: Record<string, unknown>) =>
        other.client.PATCH(
          '/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
          { params: atSite(), body },
        );
      await expectApiError(
        updateSite({ configuration: { tracking: 'yes' } }),
        400,
        /site configuration/,
      );
      expect(
        (await updateSite({ configuration: { tracking: true }, externalIds: ['s1'] })).externalIds,
      ).toEqual(['s1']);
    });

    it('refuses spaces or sites the target leaves out', async () => {
      const spaceOnly = await publish('space-only', { visibility: 'public', target: 'space' });
      expect(spaceOnly.target).toBe('space');
      const installation = await other.client.POST(
        '/integrations/{integrationName}/installations',
        {
          params: { path: { integrationName: 'space-only' } },
          body: { organization: otherOrgId },
        },
      );
      await expectApiError(
        other.client.POST('/integrations/{integrationName}/installations/{installationId}/sites', {
          params: { path: { integrationName: 'space-only', installationId: installation.id } },
          body: { siteId },
        }),
        400,
        /spaces only/,
      );
    });

    it('uninstalls from spaces and sites, then from the organization, with 204 also when gone', async () => {
      for (let round = 0; round < 2; round += 1) {
        await other.client.DELETE(
          '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
          { params: atSpace() },
        );
        await other.client.DELETE(
          '/integrations/{integrationName}/installations/{installationId}/sites/{siteId}',
          { params: atSite() },
        );
      }
      await expectApiError(
        other.client.GET(
          '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}',
          { params: atSpace() },
        ),
        404,
      );
      for (let round = 0; round < 2; round += 1) {
        await other.client.DELETE(
          '/integrations/{integrationName}/installations/{installationId}',
          {
            params: at(),
          },
        );
      }
      await expectApiError(
        other.client.GET('/integrations/{integrationName}/installations/{installationId}', {
          params: at(),
        }),
        404,
      );
    });
  });

  describe('unpublishing', () => {
    it('lets only admins of the organization unpublish, answering 204 also when gone', async () => {
      await expectApiError(unpublish('analytics', org.reader.client), 403);
      await expectApiError(unpublish('analytics', other.client), 403);
      // A private integration is not there for outsiders: 204, and it stays.
      await unpublish('private-tool', other.client);
      expect((await get('private-tool')).name).toBe('private-tool');
      await unpublish('private-tool');
      await unpublish('private-tool');
      await expectApiError(get('private-tool'), 404);
      expect(
        await server.services.db
          .selectFrom('integration_installations')
          .select('id')
          .where('integration_name', '=', 'private-tool')
          .execute(),
      ).toEqual([]);
    });
  });

  it('never shows a secret: not in answers, events or the audit log', async () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) expect(answer).not.toContain(secret);
    const events = await server.services.db
      .selectFrom('events')
      .select(['action', 'payload'])
      .where('action', 'like', 'integration%')
      .execute();
    const actions = new Set(events.map((event) => event.action));
    for (const action of [
      'integration.published',
      'integration.unpublished',
      'integration_installation.created',
      'integration_installation.updated',
      'integration_installation.deleted',
      'integration_installation.space_added',
      'integration_installation.space_updated',
      'integration_installation.space_removed',
      'integration_installation.site_added',
      'integration_installation.site_updated',
      'integration_installation.site_removed',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    for (const event of events) {
      expect(event.payload).not.toContain(secret);
      expect(event.payload).not.toContain('API_KEY');
    }
    const log = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { limit: 100 } },
    });
    expect(JSON.stringify(log)).not.toContain(secret);
  });
});
