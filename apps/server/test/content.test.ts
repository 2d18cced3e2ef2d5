import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchResult } from './support/batch-result.js';
import { expectApiError } from './support/expect-api-error.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
  testBaseUrl,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];
type Page = components['schemas']['RevisionPage'];

const titles = (pages: Page[]): unknown[] =>
  pages.map((page) => (page.pages.length === 0 ? page.title : [page.title, titles(page.pages)]));

describe('content through change requests', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let editor: TestUser;
  let spaceId: string;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    editor = await server.createUser({ organizationId: staff.organizationId, role: 'edit' });
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Handbook' },
      })
    ).id;
  });
  afterAll(() => server.close());

  const openChangeRequest = async (user: TestUser = editor) =>
    (
      await user.client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: { subject: 'Edit' },
      })
    ).id;
  const apply = async (changeRequestId: string, changes: Change[], user: TestUser = editor) =>
    batchResult(
      await user.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId }, query: { compat: false } },
        body: { changes },
      }),
    );
  const pagesOf = async (changeRequestId: string) =>
    (
      await editor.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages', {
        params: { path: { spaceId, changeRequestId } },
      })
    ).pages;
  const headOf = async (changeRequestId: string) =>
    (
      await editor.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path: { spaceId, changeRequestId } },
      })
    ).revision;

  it('starts empty', async () => {
    const revision = await staff.reader.client.GET('/spaces/{spaceId}/content', {
      params: { path: { spaceId } },
    });
    expect(revision).toMatchObject({
      object: 'revision',
      pages: [],
      files: [],
      variables: {},
      type: 'edits',
      parents: [],
    });
  });

  it('builds a tree in one batch, with refs, slugs made unique and nested paths', async () => {
    const changeRequestId = await openChangeRequest();
    const result = await apply(changeRequestId, [
      {
        operation: 'insert_page',
        ref: 'guides',
        title: 'Guides',
        type: 'group',
        document: {},
      },
      {
        operation: 'insert_page',
        ref: 'install',
        into: 'guides',
        title: 'Install',
        document: { markdown: '# Install\n\nRun `quire init`.\n' },
      },
      {
        operation: 'insert_page',
        into: 'install',
        title: 'On Linux',
        document: { markdown: 'apt' },
      },
      {
        operation: 'insert_page',
        into: 'guides',
        title: 'Install',
        document: { markdown: 'again' },
      },
      { operation: 'insert_page', title: 'FAQ', slug: 'questions', document: {}, at: 0 },
      {
        operation: 'insert_page',
        type: 'link',
        title: 'Website',
        document: {},
        target: { kind: 'url', url: 'https://example.com/' },
      },
      { operation: 'update_variables', variables: { product: 'Quire' } },
    ]);
    expect(result.changes.map((change) => change.object)).toEqual([
      'created_page',
      'created_page',
      'created_page',
      'created_page',
      'created_page',
      'created_page',
    ]);
    expect(result.changes[0]).toMatchObject({ object: 'created_page', ref: 'guides' });
    expect(result.changeRequest.revision).not.toBe(result.changeRequest.revisionInitial);

    const pages = await pagesOf(changeRequestId);
    expect(titles(pages)).toEqual([
      'FAQ',
      ['Guides', [['Install', ['On Linux']], 'Install']],
      'Website',
    ]);
    const guides = pages[1];
    const paths = guides?.pages.map((page) => ('path' in page ? page.path : undefined));
    expect(paths).toEqual(['guides/install', 'guides/install-2']);
    expect(pages[0]).toMatchObject({ slug: 'questions', path: 'questions', type: 'document' });
    expect(pages[2]).toMatchObject({ type: 'link', href: 'https://example.com/' });

    const linux = await editor.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}',
      { params: { path: { spaceId, changeRequestId, pagePath: 'guides/install/on-linux' } } },
    );
    expect(linux).toMatchObject({
      title: 'On Linux',
      markdown: 'apt\n',
      path: 'guides/install/on-linux',
    });
    const raw = await server.fetch(
      new Request(
        `${testBaseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/path/guides/install/on-linux`,
        { headers: { Authorization: `Bearer ${editor.token}` } },
      ),
    );
    expect(raw.status).toBe(200);

    const installId = guides?.pages[0]?.id ?? '';
    const asDocument = await editor.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      {
        params: {
          path: { spaceId, changeRequestId, pageId: installId },
          query: { format: 'document' },
        },
      },
    );
    expect(asDocument).toMatchObject({ document: { object: 'document' } });
    expect(asDocument).not.toHaveProperty('markdown');
    const asMarkdown = await editor.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path: { spaceId, changeRequestId, pageId: installId } } },
    );
    expect(asMarkdown).toMatchObject({ markdown: '# Install\n\nRun `quire init`.\n' });

    const revision = await editor.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
      { params: { path: { spaceId, changeRequestId } } },
    );
    expect(revision.variables).toEqual({ product: 'Quire' });
    expect(revision.parents).toEqual([result.changeRequest.revisionInitial]);
    // The variables alone, by the revision: before the change request, none.
    const variablesOf = (revisionId: string) =>
      editor.client.GET('/spaces/{spaceId}/revisions/{revisionId}/variables', {
        params: { path: { spaceId, revisionId } },
      });
    expect(await variablesOf(revision.id)).toEqual({ product: 'Quire' });
    expect(await variablesOf(result.changeRequest.revisionInitial)).toEqual({});
    await expectApiError(variablesOf('no-such-revision'), 404);

    // The space's own content has not changed: nothing is merged yet.
    const main = await editor.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    expect(main.pages).toEqual([]);
  });

  it("keeps a page in GitBook's Markdown byte for byte, its blocks, marks and inlines in the document", async () => {
    const markdown = [
      '## Set up <a href="#set-up" id="set-up"></a>',
      '',
      'Press <kbd>Ctrl</kbd> + <kbd>K</kbd> and pick <mark style="color:blue;">**Settings**</mark> <picture><source srcset="gear-dark.svg" media="(prefers-color-scheme: dark)"><img src="gear.svg" alt="Gear"></picture>.',
      '',
      '<a href="https://example.com/start" class="button primary" data-icon="rocket">Get started</a> <i class="fa-book">:book:</i>',
      '',
      '{% stepper %}',
      '{% step %}',
      'Install with `npm i quire_cli`.',
      '{% endstep %}',
      '{% endstepper %}',
      '',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Guides</strong></td><td><a href="guides.md">guides.md</a></td></tr></tbody></table>',
      '',
      '{% page-ref page="faq.md" %}',
      '',
    ].join('\n');
    const changeRequestId = await openChangeRequest();
    const result = await apply(changeRequestId, [
      { operation: 'insert_page', title: 'GitBook page', document: { markdown } },
    ]);
    const created = result.changes[0];
    const pageId = created?.object === 'created_page' ? created.page.id : '';
    const path = { spaceId, changeRequestId, pageId };
    const asMarkdown = await editor.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path } },
    );
    expect(asMarkdown).toMatchObject({ markdown });
    const asDocument = await editor.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path, query: { format: 'document' } } },
    );
    const document = JSON.stringify(asDocument);
    for (const expected of [
      // GitBook's shapes: a heading's id, both colours of a mark, a dark image's reference, a
      // table's view, and an older page card read as a content reference.
      '"data":{"id":"set-up"}',
      '"type":"keyboard"',
      '"type":"color","data":{"text":"blue","background":"default"}',
      '"refDark":{"kind":"url","url":"gear-dark.svg"}',
      '"type":"button"',
      '"type":"icon"',
      '"type":"stepper"',
      '"view":{"type":"cards"',
      '"markdown":{"tag":"page-ref"',
    ]) {
      expect(document).toContain(expected);
    }
  });

  it('updates fields and bodies, moves pages and deletes subtrees; old revisions stay readable', async () => {
    const changeRequestId = await openChangeRequest();
    const created = await apply(changeRequestId, [
      { operation: 'insert_page', ref: 'a', title: 'Alpha', document: { markdown: 'one' } },
      { operation: 'insert_page', ref: 'b', title: 'Beta', document: {} },
      { operation: 'insert_page', into: 'b', ref: 'c', title: 'Gamma', document: {} },
    ]);
    const [alpha, beta, gamma] = created.changes.map((change) =>
      change.object === 'created_page' ? change.page.id : '',
    );
    const before = created.changeRequest.revision;

    const updated = await apply(changeRequestId, [
      {
        operation: 'update_page',
        page: alpha ?? '',
        title: 'Alpha renamed',
        slug: 'alpha-2',
        emoji: '🚀',
        hidden: true,
        document: { markdown: 'two' },
      },
      { operation: 'update_page', page: gamma ?? '', into: null, at: 0 },
    ]);
    expect(updated.changes).toEqual([
      expect.objectContaining({ object: 'updated_page' }),
      expect.objectContaining({ object: 'updated_page' }),
    ]);
    let pages = await pagesOf(changeRequestId);
    expect(titles(pages)).toEqual(['Gamma', 'Alpha renamed', 'Beta']);
    expect(pages[1]).toMatchObject({ slug: 'alpha-2', emoji: '🚀', hidden: true });

    await apply(changeRequestId, [
      { operation: 'update_page', page: gamma ?? '', into: beta ?? '' },
      { operation: 'delete_page', page: beta ?? '' },
    ]);
    pages = await pagesOf(changeRequestId);
    expect(titles(pages)).toEqual(['Alpha renamed']);
    await expectApiError(
      editor.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
        {
          params: { path: { spaceId, changeRequestId, pageId: gamma ?? '' } },
        },
      ),
      404,
    );

    const old = await editor.client.GET('/spaces/{spaceId}/revisions/{revisionId}/pages', {
      params: { path: { spaceId, revisionId: before } },
    });
    expect(titles(old.pages)).toEqual(['Alpha', ['Beta', ['Gamma']]]);
    const oldAlpha = await editor.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
      {
        params: { path: { spaceId, revisionId: before, pageId: alpha ?? '' } },
      },
    );
    expect(oldAlpha).toMatchObject({ title: 'Alpha', markdown: 'one\n' });
    const byPath = await editor.client.GET(
      '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}',
      {
        params: { path: { spaceId, revisionId: before, pagePath: 'beta/gamma' } },
      },
    );
    expect(byPath.id).toBe(gamma);
  });

  it('refuses invalid batches with a 400 that names the change, and writes nothing', async () => {
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [{ operation: 'insert_page', title: 'Kept', document: {} }]);
    const head = await headOf(changeRequestId);
    const invalid: [unknown[], RegExp][] = [
      [
        [{ operation: 'update_page', page: 'missing', title: 'x' }],
        /body\.changes\.0\.page: there is no page missing/,
      ],
      [
        [
          { operation: 'insert_page', title: 'Fine', document: {} },
          { operation: 'delete_page', page: 'missing' },
        ],
        /body\.changes\.1\.page/,
      ],
      [[{ operation: 'insert_page', title: '', document: {} }], /body\.changes\.0\.title/],
      [[{ operation: 'insert_page', title: '   ', document: {} }], /white space/],
      [
        Array.from({ length: 51 }, () => ({ operation: 'insert_page', title: 'x', document: {} })),
        /body\.changes must NOT have more than 50 items/,
      ],
      [[], /body\.changes must NOT have fewer than 1 items/],
      [
        [{ operation: 'rename_space', title: 'x' }],
        /body\.changes\.0\.operation must be one of: insert_page, update_page/,
      ],
      [
        [{ operation: 'insert_files', files: [{ name: 'a.png', base64: 'not base64!' }] }],
        /body\.changes\.0\.files\.0\.base64 is not valid base64/,
      ],
      [
        [{ operation: 'insert_page', title: 'Orphan', into: 'nowhere', document: {} }],
        /into: there is no page/,
      ],
      [
        [{ operation: 'insert_page', title: 'Group', type: 'group', document: {}, into: 'x' }],
        /body\.changes\.0\.into/,
      ],
      [
        [{ operation: 'insert_page', title: 'Link', type: 'link', document: {} }],
        /target is required/,
      ],
      [
        [{ operation: 'insert_page', title: 'x', document: { html: '<p>' } }],
        /body\.changes\.0\.document/,
      ],
    ];
    for (const [changes, message] of invalid) {
      const response = await server.fetch(
        new Request(
          `${testBaseUrl}/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${editor.token}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify({ changes }),
          },
        ),
      );
      const body = (await response.json()) as { error: { message: string } };
      expect(response.status, JSON.stringify(changes).slice(0, 80)).toBe(400);
      expect(body.error.message).toMatch(message);
    }
    expect(await headOf(changeRequestId)).toBe(head);
    expect(titles(await pagesOf(changeRequestId))).toEqual(['Kept']);
  });

  it('writes no revision for a batch that changes nothing', async () => {
    const changeRequestId = await openChangeRequest();
    const first = await apply(changeRequestId, [
      { operation: 'insert_page', ref: 'p', title: 'Same', document: { markdown: 'body' } },
      { operation: 'update_variables', variables: { a: '1' } },
    ]);
    const pageId = first.changes[0]?.object === 'created_page' ? first.changes[0].page.id : '';
    const objects = () => server.countRows('content_objects');
    const objectsBefore = await objects();
    const again = await apply(changeRequestId, [
      { operation: 'update_page', page: pageId, title: 'Same', document: { markdown: 'body' } },
      { operation: 'update_variables', variables: { a: '1' } },
    ]);
    expect(again.changeRequest.revision).toBe(first.changeRequest.revision);
    expect(await objects()).toBe(objectsBefore);
  });

  it('lets readers read, refuses writes below edit, hides the content from outsiders', async () => {
    const changeRequestId = await openChangeRequest();
    await expectApiError(
      apply(
        changeRequestId,
        [{ operation: 'insert_page', title: 'x', document: {} }],
        staff.reader,
      ),
      403,
    );
    await expectApiError(
      apply(
        changeRequestId,
        [{ operation: 'insert_page', title: 'x', document: {} }],
        staff.outsider,
      ),
      404,
    );
    await expectApiError(
      staff.outsider.client.GET('/spaces/{spaceId}/content', { params: { path: { spaceId } } }),
      404,
    );
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/revisions/{revisionId}', {
        params: { path: { spaceId, revisionId: 'not-a-revision' } },
      }),
      404,
    );
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/content/path/{pagePath}', {
        params: { path: { spaceId, pagePath: 'nothing/here' } },
      }),
      404,
    );
  });

  it('refuses content writes on a locked space with 409', async () => {
    const changeRequestId = await openChangeRequest(staff.admin);
    await staff.admin.client.PATCH('/spaces/{spaceId}', {
      params: { path: { spaceId } },
      body: { editMode: 'locked' },
    });
    try {
      await expectApiError(
        apply(
          changeRequestId,
          [{ operation: 'insert_page', title: 'x', document: {} }],
          staff.admin,
        ),
        409,
        /locked/,
      );
    } finally {
      await staff.admin.client.PATCH('/spaces/{spaceId}', {
        params: { path: { spaceId } },
        body: { editMode: 'live' },
      });
    }
  });

  it('applies 20 concurrent batches on one change request without losing any', async () => {
    const changeRequestId = await openChangeRequest();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apply(changeRequestId, [
          { operation: 'insert_page', title: `Page ${index}`, document: { markdown: `${index}` } },
        ]),
      ),
    );
    const pages = await pagesOf(changeRequestId);
    expect(pages.map((page) => page.title).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `Page ${index}`).sort(),
    );
  });
});
