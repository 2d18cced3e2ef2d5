import type { components } from '@quire/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { createShareLinkWithKey } from './support/share-link-keys.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type Lookup = components['schemas']['PublishedSiteContentLookup'];
type SiteContent = components['schemas']['PublishedSiteContent'];

const guide = `# Welcome

Everyone reads this.

{% if visitor.claims.unsigned.beta === true %}
Beta testers read this.
{% endif %}

{% if visitor.claims.plan === "pro" %}
Pro customers read this.
{% endif %}
`;

describe('published content', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let guidesSpace: string;
  let betaSpace: string;
  let siteId: string;

  const at = () => ({ organizationId: org.organizationId, siteId });
  const siteUrl = (path = '') => `http://quire.test/s/${siteId}/${path}`;
  const resolve = (body: {
    url: string;
    visitor?: Record<string, unknown>;
    redirectOnError?: boolean;
  }) => server.clientWith().POST('/urls/published', { body });
  const resolveContent = async (body: Parameters<typeof resolve>[0]): Promise<SiteContent> => {
    const lookup: Lookup = await resolve(body);
    if (!('apiToken' in lookup))
      throw new Error(`Expected site content, got ${JSON.stringify(lookup)}`);
    return lookup;
  };
  const setSite = (body: Record<string, unknown>) =>
    org.admin.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      params: { path: at() },
      body,
    });

  const createSpaceWith = (title: string, markdown: string) =>
    createSpaceWithContent(org, title, [
      { operation: 'insert_page', title: 'Welcome', document: { markdown } },
      {
        operation: 'insert_page',
        title: 'Secret plans',
        hidden: true,
        document: { markdown: 'Hidden, still published.' },
      },
    ]);

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    guidesSpace = await createSpaceWith('Guides', guide);
    betaSpace = await createSpaceWith('Beta', '# Beta\n\nThe beta programme.\n');
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs' },
    });
    siteId = site.id;
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at() },
      body: { spaceId: guidesSpace, title: 'Guides' },
    });
    const beta = await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at() },
      body: { spaceId: betaSpace, title: 'Beta' },
    });
    await org.admin.client.PATCH('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
      params: { path: { ...at(), siteSectionId: beta.id } },
      body: { condition: 'visitor.claims.unsigned.beta === true' },
    });
  });
  afterAll(() => server.close());

  it('finds nothing at the URL of a site that is not published, nor at an unknown URL', async () => {
    await expectApiError(resolve({ url: siteUrl() }), 404);
    await expectApiError(resolve({ url: 'http://elsewhere.test/docs' }), 404);
    await expectApiError(resolve({ url: 'not a url' }), 400);
  });

  it('resolves sections and page paths of a public site, with defaults for what the URL leaves out', async () => {
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
    const root = await resolveContent({ url: siteUrl() });
    expect(root).toMatchObject({
      organization: org.organizationId,
      site: siteId,
      space: guidesSpace,
      pathname: '',
      basePath: `/s/${siteId}/`,
      siteBasePath: `/s/${siteId}/`,
      complete: true,
      canonicalUrl: siteUrl(),
    });
    expect(root.contextId).toBeUndefined();
    const page = await resolveContent({ url: siteUrl('guides/welcome?x=1') });
    expect(page).toMatchObject({
      space: guidesSpace,
      pathname: 'welcome',
      basePath: `/s/${siteId}/guides/`,
    });
    // The beta section shows only to visitors whose claims meet its condition.
    expect(await resolveContent({ url: siteUrl('beta/welcome') })).toMatchObject({
      space: guidesSpace,
      pathname: 'beta/welcome',
    });
    const beta = await resolveContent({
      url: siteUrl('beta/welcome'),
      visitor: { unsignedClaims: { beta: true } },
    });
    expect(beta).toMatchObject({ space: betaSpace, pathname: 'welcome' });
    expect(beta.contextId).toMatch(/^[0-9a-f]{64}$/);
    // Claims may come in the URL too, `true`, `false` and numbers read as such.
    expect(await resolveContent({ url: siteUrl('beta/?visitor.beta=true') })).toMatchObject({
      space: betaSpace,
    });
    expect(await resolveContent({ url: siteUrl('beta/?visitor.beta=yes') })).toMatchObject({
      space: guidesSpace,
    });
  });

  it("reads what the visitor may read with the lookup's token, and nothing else", async () => {
    const { apiToken, space } = await resolveContent({ url: siteUrl('guides/welcome') });
    const reader = server.clientWith(apiToken);
    const profile = await reader.GET('/orgs/{organizationId}/sites/{siteId}/published', {
      params: { path: at() },
    });
    expect(profile.structure.type).toBe('sections');
    expect(profile.structure.structure.map((item) => item.title)).toEqual(['Guides']);
    const current = (
      await org.admin.client.GET('/spaces/{spaceId}', { params: { path: { spaceId: space } } })
    ).revision;
    const revisionPath = { spaceId: space, revisionId: current };
    const pages = await reader.GET('/spaces/{spaceId}/revisions/{revisionId}/pages', {
      params: { path: revisionPath },
    });
    expect(pages.pages.map((item) => [item.title, item.hidden])).toEqual([
      ['Welcome', false],
      ['Secret plans', true],
    ]);
    const welcome = await reader.GET('/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', {
      params: { path: { ...revisionPath, pagePath: 'welcome' }, query: { format: 'markdown' } },
    });
    const markdown = 'markdown' in welcome ? String(welcome.markdown) : '';
    expect(markdown).toContain('Everyone reads this.');
    expect(markdown).not.toContain('Beta testers');
    expect(markdown).not.toContain('Pro customers');
    const document = await reader.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document',
      {
        params: { path: { ...revisionPath, pageId: welcome.id } },
      },
    );
    expect(JSON.stringify(document)).not.toContain('Beta testers');

    // A beta visitor's token reads the beta block and the beta space.
    const betaToken = (
      await resolveContent({ url: siteUrl(), visitor: { unsignedClaims: { beta: true } } })
    ).apiToken;
    const betaDocument = await server
      .clientWith(betaToken)
      .GET('/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document', {
        params: { path: { ...revisionPath, pageId: welcome.id } },
      });
    expect(JSON.stringify(betaDocument)).toContain('Beta testers');
    expect(JSON.stringify(betaDocument)).not.toContain('Pro customers');
    const betaRevision = (
      await org.admin.client.GET('/spaces/{spaceId}', { params: { path: { spaceId: betaSpace } } })
    ).revision;
    const betaPages = { params: { path: { spaceId: betaSpace, revisionId: betaRevision } } };
    await server
      .clientWith(betaToken)
      .GET('/spaces/{spaceId}/revisions/{revisionId}/pages', betaPages);
    await expectApiError(
      reader.GET('/spaces/{spaceId}/revisions/{revisionId}/pages', betaPages),
      404,
    );

    // A body by its document id reads the same, evaluated for the reader.
    const documentId = 'documentId' in welcome ? welcome.documentId : '';
    const byId = await reader.GET('/spaces/{spaceId}/documents/{documentId}', {
      params: { path: { spaceId: space, documentId } },
    });
    expect(byId).toEqual(document);
    const wholeById = await org.reader.client.GET('/spaces/{spaceId}/documents/{documentId}', {
      params: { path: { spaceId: space, documentId } },
    });
    expect(JSON.stringify(wholeById)).toContain('Pro customers');
    await expectApiError(
      org.reader.client.GET('/spaces/{spaceId}/documents/{documentId}', {
        params: { path: { spaceId: space, documentId: 'not-a-body' } },
      }),
      404,
    );
    await expectApiError(
      org.outsider.client.GET('/spaces/{spaceId}/documents/{documentId}', {
        params: { path: { spaceId: space, documentId } },
      }),
      404,
    );

    // Members read documents whole unless they ask them evaluated, as a visitor without claims.
    const whole = await org.reader.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document',
      { params: { path: { ...revisionPath, pageId: welcome.id } } },
    );
    expect(JSON.stringify(whole)).toContain('Pro customers');
    const evaluated = await org.reader.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document',
      { params: { path: { ...revisionPath, pageId: welcome.id }, query: { evaluated: true } } },
    );
    expect(JSON.stringify(evaluated)).not.toContain('Pro customers');

    // The token reads published content only: the spaces its site publishes, and no other
    // operation, space or site.
    const published = await reader.GET('/spaces/{spaceId}', {
      params: { path: { spaceId: space } },
    });
    expect(published).toMatchObject({ id: space, permissions: { edit: false, admin: false } });
    const unpublished = await createSpaceWith('Drafts', 'Not published.\n');
    await expectApiError(
      reader.GET('/spaces/{spaceId}', { params: { path: { spaceId: unpublished } } }),
      404,
    );
    await expectApiError(
      reader.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId: space } },
        body: { title: 'x' },
      }),
      401,
    );
    await expectApiError(reader.GET('/user'), 401);
    const otherSite = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Other docs' },
    });
    await expectApiError(
      reader.GET('/orgs/{organizationId}/sites/{siteId}/published', {
        params: { path: { organizationId: org.organizationId, siteId: otherSite.id } },
      }),
      404,
    );
    await expectApiError(server.clientWith('a.b.c').GET('/user'), 401);
  });

  it('searches the site as its visitor sees it', async () => {
    const search = (token: string) =>
      server.clientWith(token).POST('/orgs/{organizationId}/sites/{siteId}/search', {
        params: { path: at() },
        body: { query: 'beta programme' },
      });
    const anonymous = await resolveContent({ url: siteUrl() });
    expect((await search(anonymous.apiToken)).items).toEqual([]);
    const beta = await resolveContent({
      url: siteUrl(),
      visitor: { unsignedClaims: { beta: true } },
    });
    const found = await search(beta.apiToken);
    expect(found.items.map((item) => item.id)).toEqual([betaSpace]);
    // What a condition hides is neither found nor quoted: the index holds every block's text.
    const searchFor = (token: string, text: string) =>
      server.clientWith(token).POST('/orgs/{organizationId}/sites/{siteId}/search', {
        params: { path: at() },
        body: { query: text },
      });
    expect((await searchFor(anonymous.apiToken, 'pro customers')).items).toEqual([]);
    const everyone = await searchFor(anonymous.apiToken, 'everyone reads');
    const quoted = JSON.stringify(everyone.items);
    expect(quoted).toContain('Everyone reads this.');
    expect(quoted).not.toContain('Beta testers');
    expect(quoted).not.toContain('Pro customers');
    const asBeta = JSON.stringify((await searchFor(beta.apiToken, 'beta testers')).items);
    expect(asBeta).toContain('Beta testers read this.');
    expect(asBeta).not.toContain('Pro customers');
    // Members search every live site space they may read.
    const asMember = await org.reader.client.POST('/orgs/{organizationId}/sites/{siteId}/search', {
      params: { path: at() },
      body: { query: 'everyone', scope: { mode: 'specific', siteSpaceIds: ['none'] } },
    });
    expect(asMember.items).toEqual([]);
    await expectApiError(
      org.outsider.client.POST('/orgs/{organizationId}/sites/{siteId}/search', {
        params: { path: at() },
        body: { query: 'everyone' },
      }),
      404,
    );
  });

  it('stops a reader token when it expires or when the site stops opening to its visitor', async () => {
    const readPublished = (token: string) =>
      server.clientWith(token).GET('/orgs/{organizationId}/sites/{siteId}/published', {
        params: { path: at() },
      });
    const { apiToken } = await resolveContent({ url: siteUrl() });
    await readPublished(apiToken);
    server.clock.advance(61 * 60 * 1000);
    await expectApiError(readPublished(apiToken), 401);

    const fresh = (await resolveContent({ url: siteUrl() })).apiToken;
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/unpublish', {
      params: { path: at() },
    });
    await expectApiError(readPublished(fresh), 401);
    await expectApiError(resolve({ url: siteUrl() }), 404);
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
    await readPublished(fresh);
    await setSite({ visibility: 'unlisted' });
    await expectApiError(readPublished(fresh), 401);
    await readPublished((await resolveContent({ url: siteUrl() })).apiToken);
    await setSite({ visibility: 'public' });
  });

  it('opens a share-link site to the key of a working link only', async () => {
    await setSite({ visibility: 'share-link' });
    const { link, key } = await createShareLinkWithKey(org.admin, at(), 'Partners');
    await expectApiError(resolve({ url: siteUrl() }), 404);
    await expectApiError(resolve({ url: siteUrl('?share=wrong') }), 404);
    const opened = await resolveContent({ url: siteUrl(`guides/welcome?share=${key}`) });
    expect(opened).toMatchObject({ shareKey: key, pathname: 'welcome' });
    const reader = server.clientWith(opened.apiToken);
    await reader.GET('/orgs/{organizationId}/sites/{siteId}/published', { params: { path: at() } });
    await org.admin.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
      {
        params: { path: { ...at(), shareLinkId: link.id } },
        body: { active: false },
      },
    );
    await expectApiError(
      reader.GET('/orgs/{organizationId}/sites/{siteId}/published', { params: { path: at() } }),
      401,
    );
    await expectApiError(resolve({ url: siteUrl(`?share=${key}`) }), 404);
    await setSite({ visibility: 'public' });
  });

  it('opens a visitor-auth site to tokens signed with its publishing key, their claims deciding', async () => {
    const publishingAuth = (by = org.admin) =>
      by.client.GET('/orgs/{organizationId}/sites/{siteId}/publishing/auth', {
        params: { path: at() },
      });
    await expectApiError(publishingAuth(org.creator), 403);
    const auth = await publishingAuth();
    expect(auth).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    expect(await publishingAuth()).toEqual(auth);
    const sign = (key: string, claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
        .sign(new TextEncoder().encode(key));

    await setSite({ visibility: 'visitor-auth' });
    await expectApiError(resolve({ url: siteUrl() }), 404);
    const forged = await sign('not the key', { plan: 'pro' });
    await expectApiError(resolve({ url: siteUrl(), visitor: { jwtToken: forged } }), 404);
    // Without a fallback URL, a refusal is a 404 even when a redirect is asked for.
    await expectApiError(resolve({ url: siteUrl(), redirectOnError: true }), 404);
    const updated = await org.admin.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/publishing/auth',
      {
        params: { path: at() },
        body: { backend: 'custom', fallbackURL: 'https://login.acme.test/start' },
      },
    );
    expect(updated).toEqual({ ...auth, fallbackURL: 'https://login.acme.test/start' });
    expect(await resolve({ url: siteUrl('guides/welcome'), redirectOnError: true })).toEqual({
      target: 'application',
      redirect: `https://login.acme.test/start?location=${encodeURIComponent(`/s/${siteId}/guides/welcome`)}`,
    });

    const pro = await sign(auth.privateKey, { plan: 'pro', sub: 'visitor-1' });
    const opened = await resolveContent({ url: siteUrl(`guides/welcome?jwt_token=${pro}`) });
    const current = (
      await org.admin.client.GET('/spaces/{spaceId}', {
        params: { path: { spaceId: guidesSpace } },
      })
    ).revision;
    const welcome = await server
      .clientWith(opened.apiToken)
      .GET('/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}', {
        params: {
          path: { spaceId: guidesSpace, revisionId: current, pagePath: 'welcome' },
          query: { format: 'markdown' },
        },
      });
    expect('markdown' in welcome ? welcome.markdown : '').toContain('Pro customers');

    const regenerated = await org.admin.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate',
      { params: { path: at() } },
    );
    expect(regenerated.privateKey).not.toBe(auth.privateKey);
    await expectApiError(
      server.clientWith(opened.apiToken).GET('/orgs/{organizationId}/sites/{siteId}/published', {
        params: { path: at() },
      }),
      401,
    );
    await expectApiError(resolve({ url: siteUrl(), visitor: { jwtToken: pro } }), 404);
    const renewed = await sign(regenerated.privateKey, { plan: 'basic' });
    await resolveContent({ url: siteUrl(), visitor: { jwtToken: renewed } });
    await expectApiError(
      org.admin.client.PATCH('/orgs/{organizationId}/sites/{siteId}/publishing/auth', {
        params: { path: at() },
        body: { backend: 'custom', fallbackURL: 'not a url' },
      }),
      400,
    );
    await setSite({ visibility: 'public' });
  });

  it("resolves a site on its organization's hostname, under its basename", async () => {
    await org.admin.client.PATCH('/orgs/{organizationId}', {
      params: { path: { organizationId: org.organizationId } },
      body: { hostname: 'acme' },
    });
    await setSite({ basename: 'help' });
    expect(
      await resolveContent({ url: 'https://acme.quire.test/help/guides/welcome' }),
    ).toMatchObject({
      site: siteId,
      siteBasePath: '/help/',
      basePath: '/help/guides/',
      pathname: 'welcome',
      // Canonical URLs take PUBLIC_URL's scheme: a proxy may have ended the reader's TLS.
      canonicalUrl: 'http://acme.quire.test/help/guides/welcome',
    });
    await expectApiError(resolve({ url: 'https://acme.quire.test/other/page' }), 404);
    await setSite({ basename: null });
    expect(await resolveContent({ url: 'https://acme.quire.test/guides/welcome' })).toMatchObject({
      site: siteId,
      siteBasePath: '/',
      pathname: 'welcome',
    });
    await expectApiError(resolve({ url: 'https://other.quire.test/guides/welcome' }), 404);
    // A site served through a proxy answers under the proxy's path.
    await setSite({ proxy: 'docs.example.com/help' });
    expect(await resolveContent({ url: 'https://docs.example.com/help/welcome' })).toMatchObject({
      site: siteId,
      siteBasePath: '/help/',
      pathname: 'welcome',
    });
    await expectApiError(resolve({ url: 'https://docs.example.com/elsewhere' }), 404);
  });
});
