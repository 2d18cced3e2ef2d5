import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { createShareLinkWithKey } from './support/share-link-keys.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

describe('site redirects', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceId: string;
  let siteId: string;
  let siteSpaceId: string;

  const at = () => ({ organizationId: org.organizationId, siteId });
  const siteUrl = (path = '') => `http://quire.test/s/${siteId}/${path}`;
  const open = (path: string) => server.fetch(new Request(siteUrl(path), { redirect: 'manual' }));
  const resolve = (url: string) => server.clientWith().POST('/urls/published', { body: { url } });
  const redirects = (client = org.creator.client) => ({
    list: (query: Record<string, string | number | boolean> = {}) =>
      client.GET('/orgs/{organizationId}/sites/{siteId}/redirects', {
        params: { path: at(), query },
      }),
    create: (body: Record<string, unknown>) =>
      client.POST('/orgs/{organizationId}/sites/{siteId}/redirects', {
        params: { path: at() },
        // Invalid bodies are sent on purpose: the server must refuse them.
        body: body as never,
      }),
    update: (siteRedirectId: string, body: Record<string, unknown>) =>
      client.PATCH('/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', {
        params: { path: { ...at(), siteRedirectId } },
        body,
      }),
    remove: (siteRedirectId: string) =>
      client.DELETE('/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', {
        params: { path: { ...at(), siteRedirectId } },
      }),
    bulk: (items: unknown[]) =>
      client.PUT('/orgs/{organizationId}/sites/{siteId}/redirects', {
        params: { path: at() },
        body: { redirects: items as never },
      }),
    bySource: (source: string, shareKey?: string) =>
      client.GET('/orgs/{organizationId}/sites/{siteId}/redirect', {
        params: { path: at(), query: { source, ...(shareKey === undefined ? {} : { shareKey }) } },
      }),
  });
  const setSite = (body: Record<string, unknown>) =>
    org.admin.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      params: { path: at() },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Guides' },
    });
    spaceId = space.id;
    const changeRequest = await org.admin.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: {},
    });
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
      params: { path: { spaceId, changeRequestId: changeRequest.id } },
      body: {
        changes: [
          { operation: 'insert_page', title: 'Welcome', document: { markdown: '# Welcome\n' } },
          { operation: 'insert_page', title: 'Setup', document: { markdown: '# Setup\n' } },
          { operation: 'insert_page', title: 'Install', document: { markdown: '# Install\n' } },
        ],
      },
    });
    await org.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
      params: { path: { spaceId, changeRequestId: changeRequest.id } },
    });
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs', spaces: [spaceId] },
    });
    siteId = site.id;
    const siteSpaces = await org.admin.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces',
      { params: { path: at() } },
    );
    siteSpaceId = siteSpaces.items[0]?.id ?? '';
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at() },
    });
  });
  afterAll(() => server.close());

  it('creates, lists, updates and deletes redirects, members with create or higher only', async () => {
    const created = await redirects().create({
      source: '/old-setup',
      destination: { kind: 'path', spaceId, path: 'setup' },
    });
    expect(created).toMatchObject({
      object: 'site-redirect',
      source: '/old-setup',
      draft: false,
      captureWildcard: false,
      permanent: false,
      destination: { kind: 'site-page', siteSpaceId },
    });
    expect(created.updatedAt).toBeUndefined();
    const listed = await redirects(org.reader.client).list();
    expect(listed.items.map((item) => item.id)).toEqual([created.id]);
    expect(listed.count).toBe(1);

    await expectApiError(
      redirects(org.reader.client).create({
        source: '/other',
        destination: { kind: 'external', url: 'https://example.com/' },
      }),
      403,
    );
    await expectApiError(redirects(org.reader.client).remove(created.id), 403);
    await expectApiError(redirects(org.outsider.client).list(), 404);
    await expectApiError(redirects(org.outsider.client).bySource('/old-setup'), 404);
    await expectApiError(redirects(server.clientWith()).list(), 401);

    const updated = await redirects().update(created.id, { permanent: true });
    expect(updated).toMatchObject({ permanent: true, source: '/old-setup' });
    expect(updated.updatedAt).toBeDefined();
    await expectApiError(redirects().update('nope', { permanent: true }), 404);

    const log = await org.admin.client.GET('/orgs/{organizationId}/audit-events', {
      params: { path: { organizationId: org.organizationId }, query: { target: created.id } },
    });
    expect(log.items.map((event) => event.action).sort()).toEqual([
      'site_redirect.created',
      'site_redirect.updated',
    ]);

    const other = await redirects().create({
      source: '/gone',
      destination: { kind: 'external', url: 'https://example.com/gone' },
    });
    await redirects().remove(other.id);
    await redirects().remove(other.id);
    expect((await redirects().list()).items.map((item) => item.id)).toEqual([created.id]);
  });

  it('refuses bad sources, taken sources and destinations the site does not have', async () => {
    const to = { kind: 'site-space', siteSpaceId };
    for (const source of ['no-slash', '/in*middle', '/*', '/a b', '/a//b']) {
      await expectApiError(redirects().create({ source, destination: to }), 400, /source/);
    }
    await expectApiError(
      redirects().create({ source: '/x', destination: { kind: 'external', url: 'ftp://a.b/' } }),
      400,
    );
    await redirects().create({ source: '/taken', destination: to });
    await expectApiError(redirects().create({ source: '/taken', destination: to }), 409);
    // A draft of the same source is another redirect: it replaces the live one once published.
    const draft = await redirects().create({ source: '/taken', draft: true, destination: to });
    await expectApiError(redirects().update(draft.id, { draft: false }), 409);
    const free = await redirects().create({ source: '/free', destination: to });
    await expectApiError(redirects().update(free.id, { source: '/taken' }), 409);

    const unknown = [
      { kind: 'site-space', siteSpaceId: 'nope' },
      { kind: 'site-section', siteSectionId: 'nope' },
      { kind: 'site-page', siteSpaceId, pageId: 'nope' },
      { kind: 'path', spaceId, path: 'no/such/page' },
      { kind: 'path', spaceId: 'elsewhere', path: 'setup' },
    ];
    for (const destination of unknown) {
      await expectApiError(redirects().create({ source: '/y', destination }), 400, /destination/);
    }
    const drafts = await redirects(org.reader.client).list({ draft: true });
    expect(drafts.items.map((item) => item.id)).toEqual([draft.id]);
    const searched = await redirects().list({ search: 'TAK', orderBy: 'source' });
    expect(searched.items.map((item) => item.source)).toEqual(['/taken']);
    const bySource = await redirects().list({ orderBy: 'source', limit: 2 });
    expect(bySource.items.map((item) => item.source)).toEqual(['/free', '/old-setup']);
    expect(bySource.next).toBeDefined();
  });

  it('creates, updates, deletes and publishes in bulk, each redirect on its own', async () => {
    const { results } = await redirects().bulk([
      { source: '/bulk-a', destination: { kind: 'site-space', siteSpaceId } },
      {
        source: '/bulk-b',
        intent: 'draft',
        destination: { kind: 'external', url: 'https://b.example/' },
      },
      {
        source: '/bulk-a',
        permanent: true,
        destination: { kind: 'path', spaceId, path: 'install' },
      },
      { source: '/bulk-c', destination: { kind: 'site-space', siteSpaceId: 'nope' } },
      { source: '/bulk-missing', destination: null },
      { source: '/bulk-b', intent: 'publish' },
      { source: '/bulk-b', intent: 'publish' },
      { source: '/free', destination: null },
    ]);
    expect(results.map((result) => [result.status, result.source, result.draft])).toEqual([
      ['created', '/bulk-a', false],
      ['created', '/bulk-b', true],
      ['updated', '/bulk-a', false],
      ['error', '/bulk-c', false],
      ['error', '/bulk-missing', false],
      ['published', '/bulk-b', false],
      ['error', '/bulk-b', false],
      ['deleted', '/free', false],
    ]);
    expect(results[3]?.error).toMatch(/siteSpaceId/);
    const live = await redirects().list({ orderBy: 'source' });
    const bulkA = live.items.find((item) => item.source === '/bulk-a');
    expect(bulkA).toMatchObject({ permanent: true, destination: { kind: 'site-page' } });
    expect(live.items.find((item) => item.source === '/bulk-b')?.draft).toBe(false);
    expect((await redirects().list({ draft: true, search: 'bulk' })).count).toBe(0);
    await expectApiError(
      redirects(org.reader.client).bulk([{ source: '/z', destination: null }]),
      403,
    );
    await expectApiError(redirects().bulk([]), 400);
  });

  it('finds the redirect of a source and where it sends readers', async () => {
    const found = await redirects(org.reader.client).bySource('/old-setup');
    expect(found.redirect.source).toBe('/old-setup');
    expect(found.target).toBe(siteUrl('setup'));
    await redirects().create({
      source: '/docs/*',
      captureWildcard: true,
      destination: { kind: 'site-space', siteSpaceId },
    });
    expect((await redirects().bySource('/docs/*')).target).toBe(siteUrl());
    expect((await redirects().bySource('/docs/install')).target).toBe(siteUrl('install'));
    await expectApiError(redirects().bySource('/nothing-here'), 404);
    // A draft is not live.
    await redirects().create({
      source: '/drafted',
      draft: true,
      destination: { kind: 'site-space', siteSpaceId },
    });
    await expectApiError(redirects().bySource('/drafted'), 404);
    await expectApiError(redirects().bySource('/old-setup', 'not-a-key'), 404);
    await expectApiError(redirects().bySource('no-slash'), 400);
  });

  it('answers readers of a path with no page where its live redirect sends them', async () => {
    expect(await resolve(siteUrl('old-setup?ref=mail'))).toEqual({
      target: 'content',
      redirect: siteUrl('setup?ref=mail'),
      permanent: true,
    });
    expect(await resolve(siteUrl('docs/install'))).toEqual({
      target: 'content',
      redirect: siteUrl('install'),
      permanent: false,
    });
    expect(await resolve(siteUrl('bulk-b'))).toEqual({
      target: 'external',
      site: siteId,
      redirect: 'https://b.example/',
      permanent: false,
    });
    // A page at the path is served, whatever redirect matches it.
    await redirects().create({
      source: '/setup',
      destination: { kind: 'external', url: 'https://x.example/' },
    });
    expect(await resolve(siteUrl('setup'))).toMatchObject({ pathname: 'setup' });
    expect(await resolve(siteUrl('setup.md'))).toMatchObject({ pathname: 'setup.md' });
    // Drafts send no one anywhere.
    expect(await resolve(siteUrl('drafted'))).toMatchObject({ pathname: 'drafted' });
  });

  it('follows redirects as they change, through the read cache', async () => {
    expect(await resolve(siteUrl('later/on'))).toMatchObject({ pathname: 'later/on' });
    const later = await redirects().create({
      source: '/later*',
      captureWildcard: true,
      destination: { kind: 'external', url: 'https://later.example/base' },
    });
    expect(await resolve(siteUrl('later/on'))).toMatchObject({
      target: 'external',
      redirect: 'https://later.example/base/on',
    });
    await redirects().remove(later.id);
    expect(await resolve(siteUrl('later/on'))).toMatchObject({ pathname: 'later/on' });
  });

  it('lets the site app answer 308 or 307 with the Location', async () => {
    const permanent = await open('old-setup');
    expect(permanent.status).toBe(308);
    expect(permanent.headers.get('location')).toBe(siteUrl('setup'));
    const temporary = await open('docs/install');
    expect(temporary.status).toBe(307);
    expect(temporary.headers.get('location')).toBe(siteUrl('install'));
    const external = await open('bulk-b');
    expect(external.status).toBe(307);
    expect(external.headers.get('location')).toBe('https://b.example/');
    expect((await open('drafted')).status).toBe(404);
    expect((await open('setup')).status).toBe(200);
  });

  it('sends no visitor a site does not open anywhere, and keeps the key of one it does', async () => {
    await setSite({ visibility: 'share-link' });
    const { key } = await createShareLinkWithKey(org.admin, at(), 'Partners');
    await expectApiError(resolve(siteUrl('old-setup')), 404);
    expect((await open('old-setup')).status).toBe(404);
    // The key never travels in the redirect, and a permanent one is a 307 outside public sites.
    expect(await resolve(siteUrl(`old-setup?share=${key}`))).toEqual({
      target: 'content',
      redirect: siteUrl('setup'),
      permanent: false,
    });
    const opened = await open(`old-setup?share=${key}`);
    expect(opened.status).toBe(307);
    expect(opened.headers.get('location')).toBe(siteUrl('setup'));
    expect(opened.headers.get('set-cookie')).toContain('quire_share=');
    const external = await resolve(siteUrl(`bulk-b?share=${key}`));
    expect(external).toMatchObject({ target: 'external', redirect: 'https://b.example/' });
    const target = await redirects().bySource('/old-setup', key);
    expect(target.target).toBe(`${siteUrl('setup')}?share=${key}`);
    await setSite({ visibility: 'public' });
  });
});
