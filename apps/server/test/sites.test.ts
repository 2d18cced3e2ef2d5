import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { expectEvery } from './support/expect-every.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

describe('sites', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceIds: string[];

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    spaceIds = [];
    for (const title of ['Handbook', 'Runbook', 'Reference']) {
      const space = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: org.organizationId } },
        body: { title },
      });
      spaceIds.push(space.id);
    }
  });
  afterAll(() => server.close());

  const orgPath = () => ({ params: { path: { organizationId: org.organizationId } } });
  const createSite = (by: TestUser, body: Record<string, unknown> = {}) =>
    by.client.POST('/orgs/{organizationId}/sites', { ...orgPath(), body });
  const at = (siteId: string) => ({ organizationId: org.organizationId, siteId });
  const listSiteSpaces = (by: TestUser, siteId: string, query: Record<string, unknown> = {}) =>
    by.client.GET('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
      params: { path: at(siteId), query },
    });
  const listSections = (by: TestUser, siteId: string, query: Record<string, unknown> = {}) =>
    by.client.GET('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at(siteId), query },
    });
  const addSection = (siteId: string, spaceId: string, title: string) =>
    org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at(siteId) },
      body: { spaceId, title },
    });

  it('creates a site with its spaces at the root, the first the default, and reads it back', async () => {
    const response = await org.creator.client.raw.POST('/orgs/{organizationId}/sites', {
      ...orgPath(),
      body: { title: 'Public docs', spaces: [spaceIds[0] ?? '', spaceIds[1] ?? ''] },
    });
    expect(response.response.status).toBe(201);
    const site = response.data!;
    expect(site).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Public docs',
      visibility: 'public',
      published: false,
      siteSpaces: 2,
      adaptiveContent: { enabled: false },
      agentsContext: 'excluded',
      appliedType: 'basic',
      defaultLevel: 'inherit',
      permissions: { view: true, edit: true, create: true, admin: false, editAdaptiveSchema: true },
      urls: { published: `http://quire.test/s/${site.id}/` },
    });
    expect(response.response.headers.get('location')).toBe(site.urls.location);
    // The same site, with what a reader may do with it.
    expect(
      await org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}', {
        params: { path: at(site.id) },
      }),
    ).toEqual({
      ...site,
      permissions: {
        ...site.permissions,
        edit: false,
        create: false,
        editAdaptiveSchema: false,
      },
    });
    const siteSpaces = await listSiteSpaces(org.reader, site.id);
    expect(siteSpaces.items.map((item) => [item.space.id, item.default, item.path])).toEqual([
      [spaceIds[0], true, 'handbook'],
      [spaceIds[1], false, 'runbook'],
    ]);
    expect((await listSiteSpaces(org.reader, site.id, { default: true })).items).toHaveLength(1);
    expect((await listSiteSpaces(org.reader, site.id, { default: false })).items).toHaveLength(1);
    const sample = await createSite(org.creator, { title: 'Sampled', spaces: 'sample' });
    const sampleSpace = (await listSiteSpaces(org.reader, sample.id)).items[0]?.space;
    expect(sampleSpace?.title).toBe('Sampled');
    const pages = await org.reader.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId: sampleSpace?.id ?? '' } },
    });
    expect(pages.pages.map((page) => page.title)).toEqual(['Welcome']);
    const empty = await createSite(org.admin, { spaces: 'empty', type: 'premium' });
    expect(empty).toMatchObject({ title: 'Docs site', siteSpaces: 1, type: 'premium' });
  });

  it('refuses readers, strangers and spaces of other organizations', async () => {
    await expectApiError(createSite(org.reader, { title: 'No' }), 403);
    await expectApiError(createSite(org.outsider, { title: 'No' }), 404);
    const elsewhere = await server.createOrganization(org.admin, 'Elsewhere');
    const foreign = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId: elsewhere } },
      body: { title: 'Foreign' },
    });
    const before = await org.admin.client.GET('/orgs/{organizationId}/sites', orgPath());
    await expectApiError(createSite(org.admin, { spaces: [foreign.id] }), 404, /spaces/);
    await expectApiError(createSite(org.admin, { title: 'x' }), 400, /title/);
    expect((await org.admin.client.GET('/orgs/{organizationId}/sites', orgPath())).count).toBe(
      before.count,
    );
    const site = await createSite(org.admin, { title: 'Mine' });
    // A site of this organization is not found through another one.
    await expectApiError(
      org.admin.client.GET('/orgs/{organizationId}/sites/{siteId}', {
        params: { path: { organizationId: elsewhere, siteId: site.id } },
      }),
      404,
    );
    await expectApiError(
      org.outsider.client.GET('/orgs/{organizationId}/sites/{siteId}', {
        params: { path: at(site.id) },
      }),
      404,
    );
  });

  it('holds titles, paths, conditions and names to their limits', async () => {
    const site = await createSite(org.creator, { spaces: [spaceIds[0] ?? ''] });
    const section = await addSection(site.id, spaceIds[1] ?? '', 'Limits');
    const sectionPath = { params: { path: { ...at(site.id), siteSectionId: section.id } } };
    const patchSection = (body: Record<string, unknown>) =>
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
        ...sectionPath,
        body,
      });
    await expectApiError(createSite(org.creator, { title: 'x'.repeat(129) }), 400, /title/);
    expect((await createSite(org.creator, { title: 'x'.repeat(128) })).title).toHaveLength(128);
    await expectApiError(addSection(site.id, spaceIds[1] ?? '', 'x'), 400, /title/);
    await expectApiError(patchSection({ description: 'x'.repeat(257) }), 400, /description/);
    await expectApiError(patchSection({ path: 'x'.repeat(101) }), 400, /path/);
    await expectApiError(patchSection({ path: 'a/b' }), 400, /path/);
    await expectApiError(patchSection({ condition: 'x'.repeat(1025) }), 400, /condition/);
    await expectApiError(
      org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/section-groups', {
        params: { path: at(site.id) },
        body: { title: 'x'.repeat(101) },
      }),
      400,
      /title/,
    );
    await expectApiError(
      org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
        params: { path: at(site.id) },
        body: { name: 'x'.repeat(51) },
      }),
      400,
      /name/,
    );
    await expectApiError(
      org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
        params: { path: at(site.id) },
        body: { name: 'Past', expiresAt: '2000-01-01T00:00:00.000Z' },
      }),
      400,
      /expiresAt/,
    );
    expect((await listSections(org.reader, site.id)).items[0]?.title).toBe('Limits');
  });

  it('filters the list by space, title, published and type, in pages', async () => {
    const filtered = await createSite(org.admin, {
      title: 'Filter ME please',
      type: 'ultimate',
      spaces: [spaceIds[2] ?? ''],
    });
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: at(filtered.id) },
    });
    const list = (query: Record<string, unknown>) =>
      org.reader.client.GET('/orgs/{organizationId}/sites', {
        params: { ...orgPath().params, query },
      });
    expect((await list({ title: 'filter me' })).items.map((site) => site.id)).toEqual([
      filtered.id,
    ]);
    expect((await list({ title: '%' })).count).toBe(0);
    expect((await list({ space: spaceIds[2] })).items.map((site) => site.id)).toEqual([
      filtered.id,
    ]);
    expect((await list({ published: true })).items.map((site) => site.id)).toEqual([filtered.id]);
    expectEvery((await list({ published: false })).items, (site) => !site.published);
    expect((await list({ type: ['ultimate', 'sponsored'] })).items.map((site) => site.id)).toEqual([
      filtered.id,
    ]);
    const first = await list({ limit: 1 });
    const second = await list({ limit: 1, page: first.next?.page });
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
  });

  it('updates settings, checks proxy and defaults, and lets only admins publish', async () => {
    const site = await createSite(org.creator, { spaces: [spaceIds[0] ?? '', spaceIds[1] ?? ''] });
    const path = { params: { path: at(site.id) } };
    const updated = await org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      ...path,
      body: {
        title: 'Renamed',
        visibility: 'share-link',
        basename: 'docs',
        adaptiveContent: { enabled: true },
        agentsContext: 'included',
        proxy: 'example.com/help',
      },
    });
    expect(updated).toMatchObject({
      title: 'Renamed',
      visibility: 'share-link',
      basename: 'docs',
      adaptiveContent: { enabled: true },
      agentsContext: 'included',
      proxy: { origin: 'https://example.com/help' },
    });
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
        ...path,
        body: { proxy: 'example.com' },
      }),
      400,
      /proxy/,
    );
    const cleared = await org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      ...path,
      body: { proxy: null },
    });
    expect(cleared.proxy).toBeUndefined();
    const second = (await listSiteSpaces(org.reader, site.id)).items[1];
    await org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      ...path,
      body: { defaultSiteSpace: second?.id ?? '' },
    });
    expect(
      (await listSiteSpaces(org.reader, site.id, { default: true })).items.map((item) => item.id),
    ).toEqual([second?.id]);
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
        ...path,
        body: { defaultSiteSpace: 'nope' },
      }),
      400,
      /defaultSiteSpace/,
    );
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
        ...path,
        body: { defaultSiteSection: 'nope' },
      }),
      400,
      /defaultSiteSection/,
    );
    await expectApiError(
      org.reader.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
        ...path,
        body: { title: 'No' },
      }),
      403,
    );
    await expectApiError(
      org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', path),
      403,
    );
    expect(
      (await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', path))
        .published,
    ).toBe(true);
    expect(
      (await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/unpublish', path))
        .published,
    ).toBe(false);
    await org.creator.client.DELETE('/orgs/{organizationId}/sites/{siteId}', path);
    await org.creator.client.DELETE('/orgs/{organizationId}/sites/{siteId}', path);
    await expectApiError(org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}', path), 404);
  });

  it('builds sections: the first takes in the root and is the default; deleting promotes; moves reorder', async () => {
    const site = await createSite(org.creator, { spaces: [spaceIds[0] ?? ''] });
    const guides = await addSection(site.id, spaceIds[1] ?? '', 'Guides');
    expect(guides).toMatchObject({ default: true, path: 'guides' });
    expect(guides.siteSpaces.map((item) => [item.space.id, item.default])).toEqual([
      [spaceIds[0], true],
      [spaceIds[1], false],
    ]);
    const api = await addSection(site.id, spaceIds[2] ?? '', 'API');
    const guides2 = await addSection(site.id, spaceIds[2] ?? '', 'Guides');
    expect(api).toMatchObject({ default: false });
    expect(api.siteSpaces[0]?.default).toBe(true);
    expect(guides2.path).toBe('guides-2');
    const titles = async () =>
      (await listSections(org.reader, site.id)).items.map((item) => item.title);
    expect(await titles()).toEqual(['Guides', 'API', 'Guides']);
    await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move',
      {
        params: { path: { ...at(site.id), siteSectionId: guides.id } },
        body: { position: { after: { type: 'site-section', siteSection: guides2.id } } },
      },
    );
    expect((await listSections(org.reader, site.id)).items.map((item) => item.id)).toEqual([
      api.id,
      guides2.id,
      guides.id,
    ]);
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
        params: { path: { ...at(site.id), siteSectionId: api.id } },
        body: { path: 'guides' },
      }),
      409,
    );
    const patched = await org.creator.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
      {
        params: { path: { ...at(site.id), siteSectionId: api.id } },
        body: { description: 'Reference', icon: 'book', path: 'api' },
      },
    );
    expect(patched).toMatchObject({ description: 'Reference', icon: 'book', path: 'api' });
    await org.creator.client.DELETE(
      '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
      {
        params: { path: { ...at(site.id), siteSectionId: guides.id } },
      },
    );
    const left = await listSections(org.reader, site.id);
    expect(left.items.filter((item) => item.default).map((item) => item.id)).toEqual([api.id]);
    // Site spaces move within their section, and the first remaining takes over the default.
    const inApi = await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces',
      {
        params: { path: at(site.id) },
        body: { spaceId: spaceIds[0] ?? '' },
      },
    );
    expect(inApi).toMatchObject({ section: api.id, default: false });
    await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move',
      {
        params: { path: { ...at(site.id), siteSpaceId: inApi.id } },
        body: {
          position: { before: { type: 'site-space', siteSpace: api.siteSpaces[0]?.id ?? '' } },
        },
      },
    );
    const apiSpaces = (await listSections(org.reader, site.id)).items.find(
      (item) => item.id === api.id,
    )?.siteSpaces;
    expect(apiSpaces?.map((item) => item.id)).toEqual([inApi.id, api.siteSpaces[0]?.id]);
    await org.creator.client.DELETE(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
      {
        params: { path: { ...at(site.id), siteSpaceId: api.siteSpaces[0]?.id ?? '' } },
      },
    );
    expect(
      (await listSiteSpaces(org.reader, site.id, { default: true })).items.map((item) => item.id),
    ).toContain(inApi.id);
  });

  it('keeps drafts out of the published structure until they are marked live', async () => {
    const site = await createSite(org.creator, {});
    const live = await addSection(site.id, spaceIds[0] ?? '', 'Live');
    expect(live.draft).toBe(false);
    const draft = await org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/sections', {
      params: { path: at(site.id) },
      body: { spaceId: spaceIds[1] ?? '', title: 'Upcoming', draft: true },
    });
    expect(draft.draft).toBe(true);
    const group = await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/section-groups',
      { params: { path: at(site.id) }, body: { title: 'Later', draft: true } },
    );
    expect(group).toMatchObject({ draft: true, children: [] });
    const variant = await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces',
      {
        params: { path: at(site.id) },
        body: { spaceId: spaceIds[2] ?? '', sectionId: live.id, draft: true },
      },
    );
    expect(variant.draft).toBe(true);
    const publishedIds = async () => {
      const published = await org.reader.client.GET(
        '/orgs/{organizationId}/sites/{siteId}/published',
        { params: { path: at(site.id) } },
      );
      return published.structure.structure.map((item) =>
        item.object === 'site-section'
          ? [item.title, item.siteSpaces.map((siteSpace) => siteSpace.space.id)]
          : [item.title],
      );
    };
    // Management lists show drafts; the published profile does not.
    expect(
      (await listSections(org.reader, site.id)).items.map((item) => [item.title, item.draft]),
    ).toEqual([
      ['Live', false],
      ['Upcoming', true],
    ]);
    expect(await publishedIds()).toEqual([['Live', [spaceIds[0]]]]);

    await org.creator.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}',
      {
        params: { path: { ...at(site.id), siteSectionId: draft.id } },
        body: { draft: false },
      },
    );
    await org.creator.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}',
      { params: { path: { ...at(site.id), siteSpaceId: variant.id } }, body: { draft: false } },
    );
    const updatedGroup = await org.creator.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
      {
        params: { path: { ...at(site.id), siteSectionGroupId: group.id } },
        body: { draft: false },
      },
    );
    expect(updatedGroup.draft).toBe(false);
    expect(await publishedIds()).toEqual([
      ['Live', [spaceIds[0], spaceIds[2]]],
      ['Upcoming', [spaceIds[1]]],
      ['Later'],
    ]);
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
        params: { path: { ...at(site.id), siteSectionId: draft.id } },
        // @ts-expect-error: draft is a boolean
        body: { draft: 'yes' },
      }),
      400,
      /body\.draft/,
    );
  });

  it('groups sections and orders groups among the top level', async () => {
    const site = await createSite(org.creator, {});
    const one = await addSection(site.id, spaceIds[0] ?? '', 'One');
    const two = await addSection(site.id, spaceIds[1] ?? '', 'Two');
    const three = await addSection(site.id, spaceIds[2] ?? '', 'Three');
    const group = await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/section-groups',
      {
        params: { path: at(site.id) },
        body: { title: 'Grouped', sections: [three.id, two.id] },
      },
    );
    expect(group.sections.map((item) => item.id)).toEqual([three.id, two.id]);
    await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move',
      {
        params: { path: { ...at(site.id), siteSectionGroupId: group.id } },
        body: { position: { before: { type: 'site-section', id: one.id } } },
      },
    );
    expect((await listSections(org.reader, site.id)).items.map((item) => item.id)).toEqual([
      three.id,
      two.id,
      one.id,
    ]);
    const published = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/published',
      {
        params: { path: at(site.id) },
      },
    );
    expect(published.structure.type).toBe('sections');
    expect(published.structure.structure.map((item) => item.object)).toEqual([
      'site-section-group',
      'site-section',
    ]);
    await org.creator.client.DELETE(
      '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
      {
        params: { path: { ...at(site.id), siteSectionGroupId: group.id, siteSectionId: three.id } },
      },
    );
    const groups = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/section-groups',
      {
        params: { path: at(site.id) },
      },
    );
    expect(groups.items[0]?.sections.map((item) => item.id)).toEqual([two.id]);
    await org.creator.client.DELETE(
      '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}',
      {
        params: { path: { ...at(site.id), siteSectionGroupId: group.id } },
      },
    );
    const sections = (await listSections(org.reader, site.id)).items;
    expect(sections.map((item) => item.id)).toEqual([one.id, three.id, two.id]);
    expectEvery(sections, (item) => item.sectionGroup === undefined);
  });

  it('keeps share link keys secret from non-admins, honours expiry and resolves shareKey', async () => {
    const site = await createSite(org.creator, { spaces: [spaceIds[0] ?? ''] });
    const path = { params: { path: at(site.id) } };
    const created = await org.creator.client.POST(
      '/orgs/{organizationId}/sites/{siteId}/share-links',
      {
        ...path,
        body: { name: 'Partners' },
      },
    );
    const key = new URL(created.urls.published ?? '').searchParams.get('share') ?? '';
    expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
    const asReader = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/share-links',
      path,
    );
    expect(asReader.items[0]?.urls).toEqual({});
    expect(JSON.stringify(asReader)).not.toContain(key);
    const asAdmin = await org.admin.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/share-links',
      path,
    );
    expect(asAdmin.items[0]?.urls.published).toBe(created.urls.published);
    const stored = await server.services.db.selectFrom('site_share_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key);
    const shared = await listSiteSpaces(org.reader, site.id, { shareKey: key });
    expect(shared.items[0]?.urls.published).toBe(
      `http://quire.test/s/${site.id}/handbook/?share=${encodeURIComponent(key)}`,
    );
    await expectApiError(listSections(org.reader, site.id, { shareKey: 'wrong' }), 404);
    // The space itself, through the link: readable by anyone holding the key, nobody else.
    const getSpace = (by: TestUser, shareKey?: string) =>
      by.client.GET('/spaces/{spaceId}', {
        params: {
          path: { spaceId: spaceIds[0] ?? '' },
          query: shareKey === undefined ? {} : { shareKey },
        },
      });
    await expectApiError(getSpace(org.outsider), 404);
    const throughLink = await getSpace(org.outsider, key);
    expect(throughLink.id).toBe(spaceIds[0]);
    expect(throughLink.urls.published).toBe(shared.items[0]?.urls.published);
    expect((await getSpace(org.reader, key)).permissions.view).toBe(true);
    await expectApiError(getSpace(org.outsider, 'wrong'), 404);
    await expectApiError(getSpace(org.outsider, key.slice(1)), 404);
    const linkPath = { params: { path: { ...at(site.id), shareLinkId: created.id } } };
    const off = await org.creator.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
      { ...linkPath, body: { active: false } },
    );
    expect(off).toMatchObject({ active: false, urls: {} });
    await expectApiError(listSiteSpaces(org.reader, site.id, { shareKey: key }), 404);
    const on = await org.admin.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
      { ...linkPath, body: { active: true } },
    );
    expect(on.urls.published).toBe(created.urls.published);
    await org.creator.client.PATCH(
      '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
      {
        params: { path: { ...at(site.id), shareLinkId: created.id } },
        body: {
          expiresAt: new Date(server.clock.now().getTime() + 60_000).toISOString(),
          name: 'Renamed',
        },
      },
    );
    expect((await listSiteSpaces(org.reader, site.id, { shareKey: key })).count).toBe(1);
    server.clock.advance(120_000);
    await expectApiError(listSiteSpaces(org.reader, site.id, { shareKey: key }), 404);
    await expectApiError(getSpace(org.outsider, key), 404);
    await expectApiError(
      org.reader.client.POST('/orgs/{organizationId}/sites/{siteId}/share-links', {
        ...path,
        body: { name: 'x' },
      }),
      403,
    );
    await org.creator.client.DELETE(
      '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
      {
        params: { path: { ...at(site.id), shareLinkId: created.id } },
      },
    );
    expect(
      (await org.admin.client.GET('/orgs/{organizationId}/sites/{siteId}/share-links', path)).count,
    ).toBe(0);
  });

  it('validates the adaptive schema and the conditions that use it', async () => {
    const site = await createSite(org.creator, { spaces: [spaceIds[0] ?? ''] });
    const path = { params: { path: at(site.id) } };
    const put = (jsonSchema: Record<string, unknown>) =>
      org.creator.client.PUT('/orgs/{organizationId}/sites/{siteId}/adaptive-schema', {
        ...path,
        body: { jsonSchema },
      });
    await expectApiError(put({ type: 'string' }), 400, /object/);
    await expectApiError(
      put({ type: 'object', properties: { a: { type: 'array' } }, additionalProperties: false }),
      400,
    );
    await expectApiError(
      put({ type: 'object', properties: { a: { type: 7 } }, additionalProperties: false }),
      400,
      /valid JSON Schema/,
    );
    const stored = await put({
      type: 'object',
      properties: {
        plan: { type: 'string', enum: ['free', 'pro'] },
        unsigned: {
          type: 'object',
          properties: { beta: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    });
    expect(stored.object).toBe('site-adaptive-schema');
    expect(
      await org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}/adaptive-schema', path),
    ).toEqual(stored);
    const conditions = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions',
      path,
    );
    expect(conditions.items.map((item) => item.condition)).toEqual([
      'visitor.claims.plan === "free"',
      'visitor.claims.plan === "pro"',
      'visitor.claims.unsigned.beta === true',
    ]);
    const siteSpace = (await listSiteSpaces(org.reader, site.id)).items[0];
    const patch = (condition: string | null) =>
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', {
        params: { path: { ...at(site.id), siteSpaceId: siteSpace?.id ?? '' } },
        body: { condition },
      });
    expect(
      (await patch('visitor.claims.unsigned.beta && visitor.claims.plan === "pro"')).condition,
    ).toBeDefined();
    // A claim the schema does not declare is accepted: it may come unsigned or in a token.
    expect((await patch('visitor.claims.nope === true')).condition).toBe(
      'visitor.claims.nope === true',
    );
    await expectApiError(patch('visitor.claims.plan ==='), 400, /not a valid expression/);
    await expectApiError(patch('alert(1)'), 400);
    await expectApiError(patch('process.env.SECRET'), 400, /visitor\.claims/);
    expect((await patch(null)).condition).toBeUndefined();
  });

  it('stores customizations and shows them, over the defaults, in the published profile', async () => {
    const site = await createSite(org.creator, { spaces: [spaceIds[0] ?? ''] });
    const path = { params: { path: at(site.id) } };
    const untouched = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/customization',
      path,
    );
    expect(untouched).toMatchObject({
      styling: { theme: 'clean', corners: 'rounded', sidebar: { list: 'default' } },
      themes: { default: 'system', toggeable: true },
      header: { preset: 'default', links: [] },
      pageActions: { items: ['markdown', 'external-ai', 'mcp', 'pdf'] },
      socialAccounts: [],
      insights: { trackingCookie: true },
    });
    expect(untouched).not.toHaveProperty('title');
    const customization = {
      title: 'Docs',
      styling: { theme: 'muted' as const, primaryColor: { light: '#112233', dark: '#445566' } },
      header: {
        links: [{ title: 'Home', to: { kind: 'url' as const, url: 'https://example.com' } }],
      },
      pdf: { enabled: false },
    };
    const applied = {
      ...customization,
      header: { preset: 'default', links: [{ ...customization.header.links[0], links: [] }] },
    };
    const stored = await org.creator.client.PUT(
      '/orgs/{organizationId}/sites/{siteId}/customization',
      { ...path, body: customization },
    );
    expect(stored).toMatchObject(applied);
    // What was not set keeps its default.
    expect(stored.styling).toMatchObject({ theme: 'muted', corners: 'rounded', font: 'Inter' });
    const social = {
      pageActions: { items: ['pdf' as const, 'markdown' as const] },
      socialAccounts: [
        { platform: 'github' as const, handle: 'quire', display: { footer: true, header: true } },
      ],
      styling: { infoColor: { light: '#101010' } },
      themes: { default: null },
    };
    expect(
      await org.creator.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
        ...path,
        body: social,
      }),
    ).toMatchObject({
      ...social,
      styling: { theme: 'clean', infoColor: { light: '#101010', dark: '#101010' } },
      themes: { default: 'system' },
    });
    await expectApiError(
      org.creator.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
        ...path,
        body: { header: { links: [{ title: 'x', condition: 'visitor.claims.plan ===' }] } },
      }),
      400,
      /header\.links\[0\]\.condition/,
    );
    const undeclared = { header: { links: [{ title: 'Beta', condition: 'visitor.claims.nope' }] } };
    expect(
      await org.creator.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
        ...path,
        body: undeclared,
      }),
    ).toMatchObject({
      header: { links: [{ ...undeclared.header.links[0], to: null, links: [] }] },
    });
    await org.creator.client.PUT('/orgs/{organizationId}/sites/{siteId}/customization', {
      ...path,
      body: customization,
    });
    const siteSpace = (await listSiteSpaces(org.reader, site.id)).items[0];
    await org.creator.client.PUT(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization',
      {
        params: { path: { ...at(site.id), siteSpaceId: siteSpace?.id ?? '' } },
        body: { pdf: { enabled: true } },
      },
    );
    const published = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/published',
      path,
    );
    expect(published).toMatchObject({
      object: 'published-content-site',
      site: { id: site.id },
      structure: { type: 'siteSpaces' },
      customizations: {
        site: applied,
        // A site space's own settings, over its site's.
        siteSpaces: { [siteSpace?.id ?? '']: { ...applied, pdf: { enabled: true } } },
      },
    });
    const ofSiteSpace = await org.reader.client.GET(
      '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization',
      { params: { path: { ...at(site.id), siteSpaceId: siteSpace?.id ?? '' } } },
    );
    expect(ofSiteSpace).toMatchObject({ title: 'Docs', pdf: { enabled: true } });
  });

  it('removes a deleted space from every site, handing over the default', async () => {
    const doomed = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      ...orgPath(),
      body: { title: 'Doomed' },
    });
    const site = await createSite(org.creator, { spaces: [doomed.id, spaceIds[0] ?? ''] });
    await org.admin.client.DELETE('/spaces/{spaceId}', {
      params: { path: { spaceId: doomed.id } },
    });
    const left = await listSiteSpaces(org.reader, site.id);
    expect(left.items.map((item) => [item.space.id, item.default])).toEqual([[spaceIds[0], true]]);
  });

  it('keeps one default and distinct positions under concurrent adds', async () => {
    const site = await createSite(org.creator, {});
    const added = await Promise.all(
      [0, 1, 2, 0, 1, 2].map((index) =>
        org.creator.client.POST('/orgs/{organizationId}/sites/{siteId}/site-spaces', {
          params: { path: at(site.id) },
          body: { spaceId: spaceIds[index] ?? '' },
        }),
      ),
    );
    const listed = await listSiteSpaces(org.reader, site.id);
    expect(listed.count).toBe(6);
    expect(listed.items.filter((item) => item.default)).toHaveLength(1);
    expect(new Set(listed.items.map((item) => item.path)).size).toBe(6);
    expect(new Set(listed.items.map((item) => item.id))).toEqual(
      new Set(added.map((item) => item.id)),
    );
  });

  it('takes the default site space only from the root or the default section', async () => {
    const site = await createSite(org.creator, {});
    const first = await addSection(site.id, spaceIds[0] ?? '', 'First');
    const second = await addSection(site.id, spaceIds[1] ?? '', 'Second');
    const path = { params: { path: at(site.id) } };
    const elsewhere = second.siteSpaces[0]?.id ?? '';
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
        ...path,
        body: { defaultSiteSpace: elsewhere },
      }),
      400,
      /default section/,
    );
    await org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}', {
      ...path,
      body: { defaultSiteSection: second.id, defaultSiteSpace: elsewhere },
    });
    const sections = (await listSections(org.reader, site.id)).items;
    expect(sections.map((item) => [item.id, item.default])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    await expectApiError(
      org.creator.client.PATCH('/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', {
        params: { path: { ...at(site.id), siteSectionId: first.id } },
        body: { defaultSiteSpace: elsewhere },
      }),
      400,
      /defaultSiteSpace/,
    );
  });

  it('takes a space transferred to another organization out of its sites', async () => {
    const leaving = await org.admin.client.POST('/orgs/{organizationId}/spaces', {
      ...orgPath(),
      body: { title: 'Leaving' },
    });
    const site = await createSite(org.creator, { spaces: [leaving.id] });
    const other = await server.createOrganization(org.admin, 'Receiver');
    await org.admin.client.POST('/spaces/{spaceId}/transfer', {
      params: { path: { spaceId: leaving.id } },
      body: { organization: other },
    });
    expect((await listSiteSpaces(org.reader, site.id)).count).toBe(0);
    expect(
      (
        await org.reader.client.GET('/orgs/{organizationId}/sites/{siteId}', {
          params: { path: at(site.id) },
        })
      ).siteSpaces,
    ).toBe(0);
  });
});
