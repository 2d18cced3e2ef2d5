import type { components } from '@quire/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import {
  gitbookBody,
  gitbookPageLink,
  gitbookParagraph,
  gitbookText,
} from './support/gitbook-json.js';
import { spaceEditing } from './support/space-editing.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

type Change = components['schemas']['ContentChange'];
type Link = components['schemas']['ContentLink'];

const guideMarkdown = [
  'See [install](install.md) and [nowhere](nowhere.md).',
  '',
  'Jump to [usage](#usage) or [a missing heading](#nope), read [the site](https://example.com),',
  'open [the app](/app/spaces/x), and look at ![logo](logo.png).',
  '',
  '## Usage',
  '',
  'Use it.',
  '',
].join('\n');

describe('links and backlinks', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;
  let guideId: string;
  let installId: string;
  let fileId: string;

  const editing = () => spaceEditing(staff.admin, () => spaceId);
  const changeRequest = () => editing().openChangeRequest();
  const write = (changeRequestId: string, changes: Change[]) =>
    editing().apply(changeRequestId, changes);
  const merge = (changeRequestId: string) => editing().merge(changeRequestId);
  const publish = async (changes: Change[]) => {
    const id = await changeRequest();
    const written = await write(id, changes);
    await merge(id);
    return written;
  };
  const spaceLinks = (status?: 'ok' | 'broken' | 'in-app') =>
    staff.reader.client.GET('/spaces/{spaceId}/links', {
      params: { path: { spaceId }, query: status === undefined ? {} : { status } },
    });
  const describeLink = (link: Link) =>
    `${link.status} ${link.targetReference.kind} ${
      link.targetReference.path ?? link.targetReference.name ?? link.targetReference.url
    }${link.targetReference.anchor === undefined ? '' : `#${link.targetReference.anchor}`}`;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Docs' },
      })
    ).id;
    const written = await publish([
      { operation: 'insert_page', title: 'Guide', document: { markdown: guideMarkdown } },
      {
        operation: 'insert_page',
        title: 'Install',
        document: { markdown: 'Back to [usage](guide.md#usage).\n' },
      },
      {
        operation: 'insert_files',
        files: [{ name: 'logo.png', base64: Buffer.from('png').toString('base64') }],
      },
    ]);
    const ids = written.changes.map((change) =>
      change.object === 'created_page' ? change.page.id : '',
    );
    [guideId = '', installId = ''] = ids;
    fileId = written.insertedFiles?.[0]?.id ?? '';
  });
  afterAll(() => server.close());

  it('lists every link of the space with its state and stats', async () => {
    const links = await spaceLinks();
    expect(links.items.map(describeLink)).toEqual([
      ...[
        'ok page install',
        'broken page nowhere',
        'ok anchor guide#usage',
        'broken anchor guide#nope',
        'ok url https://example.com',
        'in-app url /app/spaces/x',
        'ok file logo.png',
      ].filter(() => guideId < installId),
      'ok page guide#usage',
      ...[
        'ok page install',
        'broken page nowhere',
        'ok anchor guide#usage',
        'broken anchor guide#nope',
        'ok url https://example.com',
        'in-app url /app/spaces/x',
        'ok file logo.png',
      ].filter(() => guideId > installId),
    ]);
    expect(links.count).toBe(8);
    expect(links.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 0 } });
    const install = links.items.find((link) => link.targetReference.path === 'install');
    expect(install?.targetReference.page).toBe(installId);
    expect(install?.locationReferences).toEqual([
      {
        kind: 'page',
        organization: staff.organizationId,
        space: spaceId,
        page: guideId,
        versionContext: { type: 'revision', revision: expect.any(String) },
      },
    ]);
    const logo = links.items.find((link) => link.targetReference.kind === 'file');
    expect(logo?.targetReference.file).toBe(fileId);
  });

  it('filters by state and pages through links', async () => {
    expect((await spaceLinks('broken')).items.map(describeLink)).toEqual([
      'broken page nowhere',
      'broken anchor guide#nope',
    ]);
    expect((await spaceLinks('in-app')).count).toBe(1);
    const first = await staff.reader.client.GET('/spaces/{spaceId}/links', {
      params: { path: { spaceId }, query: { limit: 5 } },
    });
    const second = await staff.reader.client.GET('/spaces/{spaceId}/links', {
      params: { path: { spaceId }, query: { limit: 5, page: first.next?.page } },
    });
    expect(first.items.length + second.items.length).toBe(8);
    expect(second.next).toBeUndefined();
  });

  it("lists a page's links and the pages and files' backlinks", async () => {
    const pageLinks = await staff.reader.client.GET(
      '/spaces/{spaceId}/content/page/{pageId}/links',
      { params: { path: { spaceId, pageId: installId } } },
    );
    expect(pageLinks.items.map(describeLink)).toEqual(['ok page guide#usage']);
    expect(pageLinks.stats.total).toBe(1);

    const toInstall = await staff.reader.client.GET(
      '/spaces/{spaceId}/content/page/{pageId}/backlinks',
      { params: { path: { spaceId, pageId: installId } } },
    );
    expect(toInstall.items.map((item) => item.page)).toEqual([guideId]);
    const toGuide = await staff.reader.client.GET(
      '/spaces/{spaceId}/content/page/{pageId}/backlinks',
      { params: { path: { spaceId, pageId: guideId } } },
    );
    // Its own anchor links are not backlinks.
    expect(toGuide.items.map((item) => item.page)).toEqual([installId]);
    const toLogo = await staff.reader.client.GET(
      '/spaces/{spaceId}/content/files/{fileId}/backlinks',
      { params: { path: { spaceId, fileId } } },
    );
    expect(toLogo.items).toMatchObject([{ kind: 'page', page: guideId, space: spaceId }]);
  });

  it('recomputes link states when their targets appear, move or go', async () => {
    const created = await publish([
      { operation: 'insert_page', title: 'Nowhere', document: { markdown: 'Here now.\n' } },
    ]);
    expect((await spaceLinks('broken')).items.map(describeLink)).toEqual([
      'broken anchor guide#nope',
    ]);
    const nowhereId =
      created.changes[0]?.object === 'created_page' ? created.changes[0].page.id : '';
    await publish([{ operation: 'update_page', page: nowhereId, slug: 'somewhere' }]);
    expect((await spaceLinks('broken')).items.map(describeLink)).toEqual([
      'broken page nowhere',
      'broken anchor guide#nope',
    ]);
    await publish([{ operation: 'delete_page', page: installId }]);
    const after = await spaceLinks();
    expect(after.items.map(describeLink)).toContain('broken page install');
    expect(after.items.map(describeLink)).not.toContain('ok page guide#usage');
    expect(after.stats.broken.total).toBe(3);
    await publish([
      {
        operation: 'update_page',
        page: guideId,
        document: { markdown: 'Rewritten without headings: [usage](#usage).\n' },
      },
    ]);
    expect((await spaceLinks()).items.map(describeLink)).toEqual(['broken anchor guide#usage']);
  });

  it("keeps a change request's own links, counted in the space's stats while it is open", async () => {
    const id = await changeRequest();
    await staff.admin.client.PATCH('/spaces/{spaceId}/change-requests/{changeRequestId}', {
      params: { path: { spaceId, changeRequestId: id } },
      body: { status: 'open' },
    });
    await write(id, [
      {
        operation: 'update_page',
        page: guideId,
        document: { markdown: '[gone](gone.md) and ![logo](logo.png)\n' },
      },
    ]);
    const inChangeRequest = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
      { params: { path: { spaceId, changeRequestId: id, pageId: guideId } } },
    );
    expect(inChangeRequest.items.map(describeLink)).toEqual([
      'broken page gone',
      'ok file logo.png',
    ]);
    // The space's own links are unchanged until the merge.
    const space = await spaceLinks();
    expect(space.items.map(describeLink)).toEqual(['broken anchor guide#usage']);
    expect(space.stats.broken.changeRequest).toBe(1);

    const fileBacklinks = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
      { params: { path: { spaceId, changeRequestId: id, fileId } } },
    );
    expect(fileBacklinks.items.map((item) => item.page)).toEqual([guideId]);
    const spaceFileBacklinks = await staff.reader.client.GET(
      '/spaces/{spaceId}/content/files/{fileId}/backlinks',
      { params: { path: { spaceId, fileId } } },
    );
    expect(spaceFileBacklinks.items).toEqual([]);
    const pageBacklinks = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks',
      { params: { path: { spaceId, changeRequestId: id, pageId: guideId } } },
    );
    expect(pageBacklinks.items).toEqual([]);

    await merge(id);
    const merged = await spaceLinks();
    expect(merged.items.map(describeLink)).toEqual(['broken page gone', 'ok file logo.png']);
    expect(merged.stats.broken).toEqual({ total: 1, changeRequest: 0 });
  });

  it('leaves the pages a change request deletes out of its backlinks', async () => {
    const id = await changeRequest();
    await write(id, [{ operation: 'delete_page', page: guideId }]);
    const inChangeRequest = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
      { params: { path: { spaceId, changeRequestId: id, fileId } } },
    );
    expect(inChangeRequest.items).toEqual([]);
    const inSpace = await staff.reader.client.GET(
      '/spaces/{spaceId}/content/files/{fileId}/backlinks',
      { params: { path: { spaceId, fileId } } },
    );
    expect(inSpace.items.map((item) => item.page)).toEqual([guideId]);
    await expectApiError(
      staff.reader.client.GET(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
        { params: { path: { spaceId, changeRequestId: id, pageId: guideId } } },
      ),
      404,
    );
  });

  it('answers 404 for unknown pages, files and spaces the caller cannot see', async () => {
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}/links', {
        params: { path: { spaceId, pageId: 'missing-page-id-0000' } },
      }),
      404,
    );
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}/backlinks', {
        params: { path: { spaceId, pageId: installId } },
      }),
      404,
    );
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/content/files/{fileId}/backlinks', {
        params: { path: { spaceId, fileId: 'missing-file-id-0000' } },
      }),
      404,
    );
    await expectApiError(
      staff.outsider.client.GET('/spaces/{spaceId}/links', { params: { path: { spaceId } } }),
      404,
    );
    await expectApiError(
      staff.reader.client.GET('/spaces/{spaceId}/links', {
        params: { path: { spaceId }, query: { status: 'gone' as 'ok' } },
      }),
      400,
    );
  });

  it("writes links and cards made by a page's id as paths from the page, as GitBook's Markdown does", async () => {
    const written = await publish([
      { operation: 'insert_page', title: 'Notes', ref: 'notes', document: { markdown: 'Top.\n' } },
      {
        operation: 'insert_page',
        title: 'Linked',
        into: 'notes',
        document: gitbookBody(
          gitbookParagraph(
            gitbookText('Read '),
            gitbookPageLink(guideId, 'the guide', 'usage'),
            gitbookText('.'),
          ),
          {
            object: 'block',
            type: 'content-ref',
            isVoid: true,
            data: { ref: { kind: 'page', page: guideId } },
          },
        ),
      },
    ]);
    const [, linked] = written.changes;
    const linkedId = linked?.object === 'created_page' ? linked.page.id : undefined;
    const read = (query: Record<string, string>) =>
      staff.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId: linkedId ?? '' }, query },
      });
    expect(await read({})).toMatchObject({
      markdown:
        'Read [the guide](../guide.md#usage).\n\n{% content-ref url="../guide.md" %}\n[guide.md](../guide.md)\n{% endcontent-ref %}\n',
    });
    expect(await read({ 'format.markdown.refs': 'stable' })).toMatchObject({
      markdown: `Read [the guide](/pages/${guideId}#usage).\n\n{% content-ref url="/pages/${guideId}" %}\n{% endcontent-ref %}\n`,
    });
    // The document keeps the pages' ids: the links follow the pages wherever they move.
    expect(JSON.stringify(await read({ format: 'document' }))).toContain(
      `"ref":{"kind":"anchor","anchor":"usage","page":"${guideId}"}`,
    );
  });

  it("writes page references by id in Markdown when asked for GitBook's stable references", async () => {
    const written = await publish([
      {
        operation: 'insert_page',
        title: 'Reference',
        ref: 'reference',
        document: { markdown: 'Top.\n' },
      },
      {
        operation: 'insert_page',
        title: 'Tokens',
        into: 'reference',
        document: {
          markdown:
            'See [the guide](../guide.md#usage), [nothing](scopes.md) and [the site](https://example.com).\n',
        },
      },
    ]);
    const [referenceId = '', tokensId = ''] = written.changes.map((change) =>
      change.object === 'created_page' ? change.page.id : '',
    );
    expect(referenceId).not.toBe('');
    const read = (query: Record<string, string>) =>
      staff.reader.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId: tokensId }, query },
      });
    const relative =
      'See [the guide](../guide.md#usage), [nothing](scopes.md) and [the site](https://example.com).\n';
    expect(await read({})).toMatchObject({ markdown: relative });
    expect(await read({ 'format.markdown.refs': 'relative' })).toMatchObject({
      markdown: relative,
    });
    const stable = `See [the guide](/pages/${guideId}#usage), [nothing](/reference/scopes.md) and [the site](https://example.com).\n`;
    expect(await read({ 'format.markdown.refs': 'stable' })).toMatchObject({ markdown: stable });
    // The option shapes Markdown only; the same page by path reads the same way.
    expect(await read({ format: 'document', 'format.markdown.refs': 'stable' })).toEqual(
      await read({ format: 'document' }),
    );
    const byPath = await staff.reader.client.GET('/spaces/{spaceId}/content/path/{pagePath}', {
      params: {
        path: { spaceId, pagePath: 'reference/tokens' },
        query: { 'format.markdown.refs': 'stable', dereferenced: true },
      },
    });
    expect(byPath).toMatchObject({ markdown: stable });
    await expectApiError(
      read({ 'format.markdown.refs': 'absolute' }),
      400,
      /format\.markdown\.refs/,
    );
  });
});
