import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { spaceEditing } from './support/space-editing.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];

const supportMarkdown = 'Write to **support@example.org**.\n';

// Reusable content: kept once in a revision, included by pages with a `reusable-content` block.
describe('reusable content', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let spaceId: string;
  let reusableId: string;
  let guideId: string;

  const editing = () => spaceEditing(org.admin, () => spaceId);
  const apply = (changeRequestId: string, changes: Change[]) =>
    editing().apply(changeRequestId, changes);
  const block = (reusableContent: string) => ({
    object: 'block' as const,
    type: 'reusable-content',
    isVoid: true,
    data: { ref: { kind: 'reusable-content', reusableContent } },
  });
  const currentRevision = () =>
    org.admin.client.GET('/spaces/{spaceId}/content', { params: { path: { spaceId } } });
  const headOf = async (changeRequestId: string) =>
    (
      await org.admin.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path: { spaceId, changeRequestId } },
      })
    ).revision;

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    spaceId = (
      await org.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: org.organizationId } },
        body: { title: 'Handbook' },
      })
    ).id;
    const changeRequestId = await editing().openChangeRequest();
    const result = await apply(changeRequestId, [
      {
        operation: 'insert_reusable_content',
        ref: 'support',
        title: 'Contact support',
        document: { markdown: supportMarkdown },
      },
      {
        operation: 'insert_page',
        ref: 'guide',
        title: 'Guide',
        document: { document: { object: 'document', nodes: [block('support')] } },
      },
      {
        operation: 'insert_page',
        into: 'guide',
        title: 'Install',
        document: {
          markdown: 'Run it.\n\n{% include "../.gitbook/includes/contact-support.md" %}\n',
        },
      },
    ]);
    const inserted = result.insertedReusableContents ?? [];
    expect(inserted).toHaveLength(1);
    reusableId = inserted[0]?.id ?? '';
    const guide = result.changes.find((change) => 'ref' in change && change.ref === 'guide');
    guideId = guide !== undefined && typeof guide.page === 'object' ? guide.page.id : '';
    // Read in the change request before the merge.
    const inChangeRequest = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}',
      { params: { path: { spaceId, changeRequestId, reusableContentId: reusableId } } },
    );
    expect(inChangeRequest).toMatchObject({ id: reusableId, title: 'Contact support' });
    await expectApiError(
      org.admin.client.GET('/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', {
        params: { path: { spaceId, reusableContentId: reusableId } },
      }),
      404,
    );
    await editing().merge(changeRequestId);
  });
  afterAll(() => server.close());

  it('lists reusable contents in the revision and reads them through all four operations', async () => {
    const revision = await currentRevision();
    expect(revision.reusableContents).toEqual([
      { id: reusableId, title: 'Contact support', document: expect.any(String) },
    ]);
    const documentId = revision.reusableContents[0]?.document ?? '';
    const path = { spaceId, reusableContentId: reusableId };
    expect(
      await org.reader.client.GET(
        '/spaces/{spaceId}/content/reusable-contents/{reusableContentId}',
        { params: { path } },
      ),
    ).toEqual({ id: reusableId, title: 'Contact support', document: documentId });
    const inRevision = { ...path, revisionId: revision.id };
    expect(
      await org.reader.client.GET(
        '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}',
        { params: { path: inRevision } },
      ),
    ).toEqual({ id: reusableId, title: 'Contact support', document: documentId });
    const document = await org.reader.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
      { params: { path: inRevision } },
    );
    expect(JSON.stringify(document)).toContain('support@example.org');
    // The document id reads with getDocumentById too.
    const byId = await org.reader.client.GET('/spaces/{spaceId}/documents/{documentId}', {
      params: { path: { spaceId, documentId } },
    });
    expect(byId).toEqual(document);
  });

  it('answers 404 for an unknown reusable content, and to people outside the space', async () => {
    const revision = await currentRevision();
    const unknown = { spaceId, reusableContentId: 'NoSuchReusableContent' };
    await expectApiError(
      org.admin.client.GET('/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', {
        params: { path: unknown },
      }),
      404,
    );
    await expectApiError(
      org.admin.client.GET(
        '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
        { params: { path: { ...unknown, revisionId: revision.id } } },
      ),
      404,
    );
    await expectApiError(
      org.outsider.client.GET('/spaces/{spaceId}/content/reusable-contents/{reusableContentId}', {
        params: { path: { spaceId, reusableContentId: reusableId } },
      }),
      404,
    );
  });

  it('stores blocks by id and writes them in Markdown as GitBook does, relative to the page', async () => {
    const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const installId =
      pages[0] !== undefined && 'pages' in pages[0] ? (pages[0].pages[0]?.id ?? '') : '';
    const install = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId: installId }, query: { format: 'document' } },
    });
    expect(JSON.stringify('document' in install ? install.document : undefined)).toContain(
      `"reusableContent":"${reusableId}"`,
    );
    const markdownOf = async (pageId: string, dereferenced?: boolean) => {
      const page = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: {
          path: { spaceId, pageId },
          query: { format: 'markdown', ...(dereferenced === undefined ? {} : { dereferenced }) },
        },
      });
      return 'markdown' in page ? page.markdown : undefined;
    };
    expect(await markdownOf(guideId)).toBe(
      '{% include ".gitbook/includes/contact-support.md" %}\n',
    );
    expect(await markdownOf(installId)).toBe(
      'Run it.\n\n{% include "../.gitbook/includes/contact-support.md" %}\n',
    );
    // Dereferenced, the reusable content's blocks stand in the block's place.
    expect(await markdownOf(installId, true)).toBe(`Run it.\n\n${supportMarkdown}`);
    const revision = await currentRevision();
    const dereferenced = await org.admin.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document',
      {
        params: {
          path: { spaceId, revisionId: revision.id, pageId: guideId },
          query: { dereferenced: 'reusable-contents' },
        },
      },
    );
    expect(JSON.stringify(dereferenced)).toContain('support@example.org');
    expect(JSON.stringify(dereferenced)).not.toContain('reusable-content');
  });

  it('updates a reusable content, reports its changes, and merges it', async () => {
    const changeRequestId = await editing().openChangeRequest();
    await apply(changeRequestId, [
      {
        operation: 'update_reusable_content',
        reusableContent: reusableId,
        title: 'Contact us',
        document: { markdown: 'Write to **help@example.org**.\n' },
      },
    ]);
    const { changes } = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      { params: { path: { spaceId, changeRequestId } } },
    );
    expect(changes).toEqual([
      {
        type: 'reusable_content_edited',
        reusableContent: { id: reusableId, title: 'Contact us', document: expect.any(String) },
        attributes: {
          title: { before: 'Contact support', after: 'Contact us' },
          document: { before: expect.any(String), after: expect.any(String) },
        },
      },
    ]);
    const merged = await editing().merge(changeRequestId);
    expect(merged.result).toBe('merge');
    const revision = await currentRevision();
    expect(revision.reusableContents).toMatchObject([{ id: reusableId, title: 'Contact us' }]);
    // The file name follows the new title.
    const page = await org.admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId: guideId }, query: { format: 'markdown' } },
    });
    expect('markdown' in page ? page.markdown : '').toBe(
      '{% include ".gitbook/includes/contact-us.md" %}\n',
    );
    const semantic = await org.admin.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/changes',
      {
        params: { path: { spaceId, revisionId: revision.id } },
      },
    );
    expect(semantic.changes.map((change) => change.type)).toEqual(['reusable_content_edited']);
  });

  it('merges edits of different parts of a body from two change requests, three ways', async () => {
    const first = await editing().openChangeRequest();
    const second = await editing().openChangeRequest();
    await apply(first, [
      {
        operation: 'insert_reusable_content',
        title: 'Notes',
        document: { markdown: 'One.\n\nTwo.\n\nThree.\n' },
      },
    ]);
    await editing().merge(first);
    const notesId =
      (await currentRevision()).reusableContents.find((item) => item.title === 'Notes')?.id ?? '';
    const a = await editing().openChangeRequest();
    await apply(a, [
      {
        operation: 'update_reusable_content',
        reusableContent: notesId,
        document: { markdown: 'One changed.\n\nTwo.\n\nThree.\n' },
      },
    ]);
    await apply(second, [{ operation: 'update_variables', variables: { product: 'Quire' } }]);
    const b = await editing().openChangeRequest();
    await apply(b, [
      {
        operation: 'update_reusable_content',
        reusableContent: notesId,
        document: { markdown: 'One.\n\nTwo.\n\nThree changed.\n' },
      },
    ]);
    expect((await editing().merge(a)).result).toBe('merge');
    expect((await editing().merge(b)).result).toBe('merge');
    expect((await editing().merge(second)).result).toBe('merge');
    const revision = await currentRevision();
    const document = await org.admin.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
      { params: { path: { spaceId, revisionId: revision.id, reusableContentId: notesId } } },
    );
    const text = JSON.stringify(document);
    expect(text).toContain('One changed.');
    expect(text).toContain('Three changed.');
    // Conflicting titles are a conflict, and nothing merges.
    const c = await editing().openChangeRequest();
    const d = await editing().openChangeRequest();
    await apply(c, [
      { operation: 'update_reusable_content', reusableContent: notesId, title: 'C' },
    ]);
    await apply(d, [
      { operation: 'update_reusable_content', reusableContent: notesId, title: 'D' },
    ]);
    expect((await editing().merge(c)).result).toBe('merge');
    const conflicted = await editing().merge(d);
    expect(conflicted.result).toBe('conflicts');
    expect(conflicted.conflicts).toEqual([{ reusableContent: notesId, field: 'title' }]);
  });

  it('refuses to delete a reusable content a page still includes, then deletes it once unused', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const before = await headOf(changeRequestId);
    await expectApiError(
      apply(changeRequestId, [
        { operation: 'delete_reusable_content', reusableContent: reusableId },
      ]),
      400,
      /still includes reusable content/,
    );
    expect(await headOf(changeRequestId)).toBe(before);
    const { pages } = await org.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    await apply(changeRequestId, [
      { operation: 'delete_reusable_content', reusableContent: reusableId },
      ...pages.map((page): Change => ({ operation: 'delete_page', page: page.id })),
    ]);
    const { changes } = await org.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      { params: { path: { spaceId, changeRequestId }, query: { limit: 50 } } },
    );
    expect(changes.filter((change) => change.type.startsWith('reusable'))).toEqual([
      {
        type: 'reusable_content_deleted',
        reusableContent: { id: reusableId, title: 'Contact us', document: expect.any(String) },
      },
    ]);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const before = await headOf(changeRequestId);
    const refused: Change[][] = [
      [
        {
          operation: 'insert_page',
          title: 'P',
          document: { document: { object: 'document', nodes: [block('NoSuchReusable')] } },
        },
      ],
      [
        {
          operation: 'insert_page',
          title: 'P',
          document: { markdown: '{% include ".gitbook/includes/nothing.md" %}\n' },
        },
      ],
      [{ operation: 'update_reusable_content', reusableContent: 'NoSuchReusable', title: 'X' }],
      [{ operation: 'delete_reusable_content', reusableContent: 'NoSuchReusable' }],
      [{ operation: 'insert_reusable_content', title: '', document: {} }],
      [{ operation: 'insert_reusable_content', title: 'x'.repeat(256), document: {} }],
      [{ operation: 'insert_reusable_content', title: '   ', document: {} }],
      // Reusable content does not include reusable content.
      [
        { operation: 'insert_reusable_content', ref: 'a', title: 'A', document: {} },
        {
          operation: 'insert_reusable_content',
          title: 'B',
          document: { document: { object: 'document', nodes: [block('a')] } },
        },
      ],
      // A valid change before an invalid one is not written either.
      [
        { operation: 'insert_reusable_content', title: 'Fine', document: {} },
        { operation: 'update_reusable_content', reusableContent: 'NoSuchReusable' },
      ],
    ];
    for (const changes of refused) {
      await expectApiError(apply(changeRequestId, changes), 400);
    }
    expect(await headOf(changeRequestId)).toBe(before);
  });

  it('lets only editors write reusable content', async () => {
    const changeRequestId = await editing().openChangeRequest();
    await expectApiError(
      org.reader.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [{ operation: 'insert_reusable_content', title: 'No', document: {} }] },
      }),
      403,
    );
    await expectApiError(
      org.outsider.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [{ operation: 'insert_reusable_content', title: 'No', document: {} }] },
      }),
      404,
    );
  });

  it('copies reusable content with a duplicated space', async () => {
    const changeRequestId = await editing().openChangeRequest();
    await apply(changeRequestId, [
      { operation: 'insert_reusable_content', title: 'Kept', document: { markdown: 'Kept.\n' } },
    ]);
    await editing().merge(changeRequestId);
    const copy = await org.admin.client.POST('/spaces/{spaceId}/duplicate', {
      params: { path: { spaceId } },
    });
    const revision = await org.admin.client.GET('/spaces/{spaceId}/content', {
      params: { path: { spaceId: copy.id } },
    });
    expect(revision.reusableContents.map((item) => item.title)).toContain('Kept');
  });
});

describe('reusable content on published sites', () => {
  let server: TestServer;
  let org: StaffedOrganization;
  let siteId: string;

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
    const spaceId = await createSpaceWithContent(org, 'Guides', [
      {
        operation: 'insert_reusable_content',
        title: 'Support',
        document: { markdown: 'Ask the **support desk**.\n' },
      },
      {
        operation: 'insert_page',
        title: 'Welcome',
        document: {
          markdown: 'Everyone reads this.\n\n{% include ".gitbook/includes/support.md" %}\n',
        },
      },
    ]);
    const site = await org.admin.client.POST('/orgs/{organizationId}/sites', {
      params: { path: { organizationId: org.organizationId } },
      body: { title: 'Acme docs', spaces: [spaceId] },
    });
    siteId = site.id;
    await org.admin.client.POST('/orgs/{organizationId}/sites/{siteId}/publish', {
      params: { path: { organizationId: org.organizationId, siteId } },
    });
  });
  afterAll(() => server.close());

  it('renders a page with the reusable content it includes, in place', async () => {
    const response = await server.fetch(new Request(`http://quire.test/s/${siteId}/`));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Everyone reads this.');
    expect(html).toMatch(/Ask the <strong>support desk<\/strong>\./);
    expect(html.indexOf('Everyone reads this.')).toBeLessThan(html.indexOf('support desk'));
  });

  it('serves the page as Markdown with the reusable content in place', async () => {
    const response = await server.fetch(new Request(`http://quire.test/s/${siteId}/welcome.md`));
    expect(response.status).toBe(200);
    const markdown = await response.text();
    expect(markdown).toContain('Everyone reads this.\n\nAsk the **support desk**.');
    expect(markdown).not.toContain('{% include');
  });
});
