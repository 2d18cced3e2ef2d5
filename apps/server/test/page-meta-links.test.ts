import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { spaceEditing } from './support/space-editing.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];
type MetaLinks = components['schemas']['RevisionPageMetaLinks'];

// GitBook's `metaLinks` of document pages: written in content batches, read through
// `listSpacePageMetaLinks`, `listChangeRequestPageMetaLinks` and `listRevisionPageMetaLinks`.
describe('page meta links', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;
  const ids: Record<string, string> = {};

  const editing = () => spaceEditing(staff.admin, () => spaceId);
  const changeRequestOf = (changeRequestId: string) =>
    staff.admin.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId, changeRequestId } },
    });
  const inChangeRequest = (changeRequestId: string, pageId: string, client = staff.admin.client) =>
    client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links',
      {
        params: { path: { spaceId, changeRequestId, pageId } },
      },
    );
  const inRevision = (revisionId: string, pageId: string, client = staff.admin.client) =>
    client.GET('/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links', {
      params: { path: { spaceId, revisionId, pageId } },
    });
  const inSpace = (pageId: string, client = staff.admin.client) =>
    client.GET('/spaces/{spaceId}/content/page/{pageId}/meta-links', {
      params: { path: { spaceId, pageId } },
    });
  const write = async (changes: Change[]) => {
    const changeRequestId = await editing().openChangeRequest();
    await editing().apply(changeRequestId, changes);
    return changeRequestId;
  };

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Handbook' },
      })
    ).id;
    const base = await editing().openChangeRequest();
    const written = await editing().apply(base, [
      { operation: 'insert_page', ref: 'en', title: 'Install', document: { markdown: 'Hi.' } },
      { operation: 'insert_page', ref: 'fr', title: 'Installer', document: { markdown: 'Salut.' } },
      { operation: 'insert_page', ref: 'plain', title: 'Plain', document: { markdown: 'Hi.' } },
      { operation: 'insert_page', ref: 'group', type: 'group', title: 'Group', document: {} },
      {
        operation: 'insert_page',
        ref: 'link',
        type: 'link',
        title: 'Elsewhere',
        target: { kind: 'url', url: 'https://example.com' },
        document: {},
      },
    ]);
    for (const change of written.changes) {
      if (change.object === 'created_page' && change.ref !== undefined) {
        ids[change.ref] = change.page.id;
      }
    }
    await editing().merge(base);
  });
  afterAll(() => server.close());

  it('reads {} for a page without meta links, and keeps the page read free of them', async () => {
    expect(await inSpace(ids.en ?? '')).toEqual({});
    const page = await staff.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId: ids.en ?? '' } },
    });
    expect(page).not.toHaveProperty('metaLinks');
  });

  it('writes meta links in a change request, reads them three ways, and merges them', async () => {
    const metaLinks: MetaLinks = {
      canonical: { kind: 'url', url: 'https://docs.example.com/install' },
      alternates: [
        { kind: 'page', page: ids.fr ?? '' },
        { kind: 'page', page: 'elsewhere', space: 'anotherspace' },
        { kind: 'url', url: 'https://example.de/installieren' },
      ],
    };
    const changeRequestId = await write([
      { operation: 'update_page', page: ids.en ?? '', metaLinks },
      // A page inserted in the batch is named by its ref, and stored by its id.
      {
        operation: 'insert_page',
        ref: 'es',
        title: 'Instalar',
        document: { markdown: 'Hola.' },
        metaLinks: { canonical: { kind: 'page', page: ids.en ?? '' } },
      },
      {
        operation: 'update_page',
        page: ids.fr ?? '',
        metaLinks: { alternates: [{ kind: 'page', page: 'es' }] },
      },
    ]);
    expect(await inChangeRequest(changeRequestId, ids.en ?? '')).toEqual(metaLinks);
    const fr = await inChangeRequest(changeRequestId, ids.fr ?? '');
    expect(fr.alternates?.[0]).toMatchObject({ kind: 'page' });
    expect(fr.alternates?.[0]).not.toMatchObject({ page: 'es' });
    const { revision } = await changeRequestOf(changeRequestId);
    expect(await inRevision(revision, ids.en ?? '')).toEqual(metaLinks);
    // Not in the space until merged.
    expect(await inSpace(ids.en ?? '')).toEqual({});

    const changes = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      { params: { path: { spaceId, changeRequestId }, query: { limit: 100 } } },
    );
    expect(changes.changes).toContainEqual(
      expect.objectContaining({
        type: 'page_edited',
        page: expect.objectContaining({ id: ids.en }),
        attributes: { metaLinks: { after: metaLinks } },
      }),
    );

    await editing().merge(changeRequestId);
    expect(await inSpace(ids.en ?? '')).toEqual(metaLinks);
    const page = await staff.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId: ids.en ?? '' } },
    });
    expect(page).toMatchObject({ metaLinks });
  });

  it('clears meta links with null, and leaves them when a change does not name them', async () => {
    const before = await inSpace(ids.en ?? '');
    const untouched = await write([
      { operation: 'update_page', page: ids.en ?? '', title: 'Setup' },
    ]);
    expect(await inChangeRequest(untouched, ids.en ?? '')).toEqual(before);
    const cleared = await write([
      { operation: 'update_page', page: ids.en ?? '', metaLinks: null },
    ]);
    expect(await inChangeRequest(cleared, ids.en ?? '')).toEqual({});
    const changes = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      { params: { path: { spaceId, changeRequestId: cleared } } },
    );
    expect(changes.changes).toEqual([
      expect.objectContaining({ type: 'page_edited', attributes: { metaLinks: { before } } }),
    ]);
  });

  it('stores no empty meta links: a page without any keeps its record, and its hash', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const { revision } = await changeRequestOf(changeRequestId);
    await editing().apply(changeRequestId, [
      { operation: 'update_page', page: ids.plain ?? '', metaLinks: null },
      { operation: 'update_page', page: ids.plain ?? '', metaLinks: {} },
      { operation: 'update_page', page: ids.plain ?? '', metaLinks: { alternates: [] } },
      // Group pages have none to clear either.
      { operation: 'update_page', page: ids.group ?? '', metaLinks: null },
    ]);
    // The content's root hash is the same, so the change request has no new revision.
    expect((await changeRequestOf(changeRequestId)).revision).toBe(revision);
  });

  it('refuses bad targets with 400 and writes nothing', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const { revision } = await changeRequestOf(changeRequestId);
    const tooMany = Array.from({ length: 21 }, (_, index) => ({
      kind: 'url' as const,
      url: `https://example.com/${index}`,
    }));
    const bad: [MetaLinks, RegExp][] = [
      [{ canonical: { kind: 'page', page: 'nosuchpage' } }, /canonical\.page/],
      [{ alternates: [{ kind: 'url', url: 'ftp://example.com/file' }] }, /alternates/],
      [{ canonical: { kind: 'url', url: 'javascript:alert(1)' } }, /canonical/],
      [{ canonical: { kind: 'url', url: `https://example.com/${'a'.repeat(2048)}` } }, /url/],
      [{ alternates: tooMany }, /alternates/],
    ];
    for (const [metaLinks, message] of bad) {
      await expectApiError(
        staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
          params: { path: { spaceId, changeRequestId } },
          body: {
            changes: [
              { operation: 'update_page', page: ids.fr ?? '', title: 'Renamed' },
              { operation: 'update_page', page: ids.en ?? '', metaLinks },
            ],
          },
        }),
        400,
        message,
      );
    }
    // Group and link pages have no meta links.
    await expectApiError(
      staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: {
          changes: [
            {
              operation: 'update_page',
              page: ids.link ?? '',
              metaLinks: { canonical: { kind: 'url', url: 'https://example.com' } },
            },
          ],
        },
      }),
      400,
      /document pages/,
    );
    expect((await changeRequestOf(changeRequestId)).revision).toBe(revision);
  });

  it('answers 404 for an unknown page, a group and a link', async () => {
    await expectApiError(inSpace('nosuchpage'), 404);
    await expectApiError(inSpace(ids.group ?? ''), 404);
    await expectApiError(inSpace(ids.link ?? ''), 404);
  });

  it('lets whoever reads the space read meta links, and no one else', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const { revision } = await changeRequestOf(changeRequestId);
    expect(await inSpace(ids.fr ?? '', staff.reader.client)).toBeDefined();
    expect(await inRevision(revision, ids.fr ?? '', staff.reader.client)).toBeDefined();
    expect(await inChangeRequest(changeRequestId, ids.fr ?? '', staff.reader.client)).toBeDefined();
    await expectApiError(inSpace(ids.fr ?? '', staff.outsider.client), 404);
    await expectApiError(inRevision(revision, ids.fr ?? '', staff.outsider.client), 404);
    await expectApiError(
      inChangeRequest(changeRequestId, ids.fr ?? '', staff.outsider.client),
      404,
    );
    await expectApiError(inSpace(ids.fr ?? '', server.clientWith()), 401);
    // Readers may read them, not write them.
    await expectApiError(
      staff.reader.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [{ operation: 'update_page', page: ids.fr ?? '', metaLinks: null }] },
      }),
      403,
    );
  });

  it("is read by a site's reader token, and becomes the published page's canonical and alternate links", async () => {
    const metaLinks: MetaLinks = {
      canonical: { kind: 'page', page: ids.fr ?? '' },
      alternates: [
        { kind: 'url', url: 'https://example.de/installieren' },
        { kind: 'page', page: 'elsewhere', space: 'anotherspace' },
      ],
    };
    const changeRequestId = await write([
      { operation: 'update_page', page: ids.en ?? '', metaLinks },
    ]);
    await editing().merge(changeRequestId);
    const site = await staff.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: staff.organizationId } },
      body: { title: 'Acme docs', spaces: [spaceId] },
    });
    await staff.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: { organizationId: staff.organizationId, siteId: site.id } },
    });
    const siteUrl = `http://quire.test/s/${site.id}/`;
    const lookup = await server.clientWith().POST('/urls/published', {
      body: { url: `${siteUrl}install` },
    });
    if (!('apiToken' in lookup)) throw new Error('Expected site content');
    const reader = server.clientWith(lookup.apiToken);
    const { revision } = await staff.admin.client.GET('/spaces/{spaceId}', {
      params: { path: { spaceId } },
    });
    expect(await inRevision(revision, ids.en ?? '', reader)).toEqual(metaLinks);
    // The reader token reads published content only.
    await expectApiError(inSpace(ids.en ?? '', reader), 401);

    const response = await server.fetch(new Request(`${siteUrl}install`));
    expect(response.status).toBe(200);
    const html = await response.text();
    // The page target is that page's URL on the site; a page of another space is left out.
    expect(html).toContain(`<link rel="canonical" href="${siteUrl}installer"/>`);
    expect(html).toContain('<link rel="alternate" href="https://example.de/installieren"/>');
    expect(html).not.toContain('anotherspace');
    const plain = await (await server.fetch(new Request(`${siteUrl}installer`))).text();
    expect(plain).toContain(`<link rel="canonical" href="${siteUrl}installer"/>`);
  });
});
