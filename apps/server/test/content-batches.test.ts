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

const introMarkdown = 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n';

// GitBook's `updateChangeRequestContent`: its `compat` answers, and `revert_page`.
describe('content batches as GitBook answers them', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;
  const ids: Record<string, string> = {};

  const editing = () => spaceEditing(staff.admin, () => spaceId);
  const openChangeRequest = () => editing().openChangeRequest();
  const apply = (changeRequestId: string, changes: Change[]) =>
    editing().apply(changeRequestId, changes);
  const pageTitles = async (changeRequestId: string) => {
    const { pages } = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages',
      { params: { path: { spaceId, changeRequestId } } },
    );
    const walk = (list: typeof pages): unknown[] =>
      list.map((page) =>
        'pages' in page && page.pages.length > 0 ? [page.title, walk(page.pages)] : page.title,
      );
    return walk(pages);
  };
  const pageInChangeRequest = (changeRequestId: string, pageId: string) =>
    staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path: { spaceId, changeRequestId, pageId }, query: { format: 'document' } } },
    );
  const markdownOf = async (changeRequestId: string, pageId: string) => {
    const page = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path: { spaceId, changeRequestId, pageId }, query: { format: 'markdown' } } },
    );
    return 'markdown' in page ? page.markdown : undefined;
  };
  /** The keys of a page's top-level blocks, in order. */
  const blockKeys = async (changeRequestId: string, pageId: string) => {
    const page = await pageInChangeRequest(changeRequestId, pageId);
    const nodes: unknown[] = 'document' in page ? (page.document?.nodes ?? []) : [];
    return nodes.map((node) =>
      typeof node === 'object' && node !== null && 'key' in node ? String(node.key) : '',
    );
  };
  const headOf = async (changeRequestId: string) =>
    (
      await staff.admin.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path: { spaceId, changeRequestId } },
      })
    ).revision;

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = (
      await staff.admin.client.POST('/orgs/{organizationId}/spaces', {
        params: { path: { organizationId: staff.organizationId } },
        body: { title: 'Handbook' },
      })
    ).id;
    // The space's content, which change requests below start from.
    const base = await openChangeRequest();
    const written = await apply(base, [
      {
        operation: 'insert_page',
        ref: 'intro',
        title: 'Intro',
        document: { markdown: introMarkdown },
      },
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Guide.' } },
      { operation: 'insert_page', into: 'guide', title: 'Setup', document: { markdown: 'Setup.' } },
    ]);
    for (const change of written.changes) {
      if (change.object === 'created_page') ids[change.ref ?? 'setup'] = change.page.id;
    }
    await editing().merge(base);
  });
  afterAll(() => server.close());

  it('answers the change request by default, as compat=true', async () => {
    const changeRequestId = await openChangeRequest();
    const answer = await staff.admin.client.POST(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
      {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [{ operation: 'update_page', page: ids.intro ?? '', title: 'Welcome' }] },
      },
    );
    expect(answer).toMatchObject({ object: 'change-request', id: changeRequestId });
    expect(answer).not.toHaveProperty('changes');
  });

  it('lists each affected page once, in the order first touched, as it stands after the batch', async () => {
    const changeRequestId = await openChangeRequest();
    const result = await apply(changeRequestId, [
      { operation: 'insert_page', ref: 'new', title: 'New', document: {} },
      { operation: 'update_page', page: ids.intro ?? '', title: 'Welcome' },
      { operation: 'update_page', page: 'new', title: 'Newer' },
      { operation: 'delete_page', page: ids.guide ?? '' },
      { operation: 'insert_page', ref: 'temporary', title: 'Temporary', document: {} },
      { operation: 'delete_page', page: 'temporary' },
      { operation: 'update_page', page: ids.intro ?? '', emoji: '👋' },
      { operation: 'update_variables', variables: { product: 'Quire' } },
    ]);
    expect(
      result.changes.map((change) =>
        change.object === 'deleted_page'
          ? `deleted ${change.page}`
          : `${change.object} ${change.page.id}${'ref' in change ? ` ${change.ref}` : ''}`,
      ),
    ).toEqual([
      expect.stringMatching(/^created_page \S+ new$/),
      `updated_page ${ids.intro}`,
      `deleted ${ids.guide}`,
    ]);
    expect(result.insertedFiles).toBeUndefined();
  });

  it('reverts whole pages: added ones go, deleted ones come back with their children, edited ones are reset', async () => {
    const changeRequestId = await openChangeRequest();
    const edited = await apply(changeRequestId, [
      { operation: 'insert_page', ref: 'new', title: 'New', document: {} },
      {
        operation: 'update_page',
        page: ids.intro ?? '',
        title: 'Welcome',
        document: { markdown: 'Replaced.\n' },
      },
      { operation: 'delete_page', page: ids.guide ?? '' },
    ]);
    const newId = edited.changes[0]?.object === 'created_page' ? edited.changes[0].page.id : '';
    expect(await pageTitles(changeRequestId)).toEqual(['Welcome', 'New']);

    const reverted = await apply(changeRequestId, [
      { operation: 'revert_page', page: newId },
      { operation: 'revert_page', page: ids.guide ?? '' },
      { operation: 'revert_page', page: ids.intro ?? '' },
    ]);
    expect(reverted.changes.map((change) => change.object)).toEqual([
      'deleted_page',
      'created_page',
      'updated_page',
    ]);
    expect(await pageTitles(changeRequestId)).toEqual(['Intro', ['Guide', ['Setup']]]);
    expect(await markdownOf(changeRequestId, ids.intro ?? '')).toBe(introMarkdown);
  });

  it('reverts chosen blocks of a body, leaving the others', async () => {
    const changeRequestId = await openChangeRequest();
    const oldKeys = await blockKeys(changeRequestId, ids.intro ?? '');
    expect(oldKeys).toHaveLength(3);
    await apply(changeRequestId, [
      {
        operation: 'update_page',
        page: ids.intro ?? '',
        document: { markdown: 'First paragraph.\n\nThird paragraph.\n\nAdded paragraph.\n' },
      },
    ]);
    const added = (await blockKeys(changeRequestId, ids.intro ?? '')).at(-1);
    // The added block goes, the deleted one comes back after its neighbour.
    await apply(changeRequestId, [
      { operation: 'revert_page', page: ids.intro ?? '', block: [added ?? '', oldKeys[1] ?? ''] },
    ]);
    expect(await markdownOf(changeRequestId, ids.intro ?? '')).toBe(introMarkdown);
  });

  it('refuses a revert of nothing, with a 400 that names the change, and writes nothing', async () => {
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [{ operation: 'update_page', page: ids.intro ?? '', title: 'X' }]);
    const head = await headOf(changeRequestId);
    const refused = (changes: Change[], message: RegExp) =>
      expectApiError(
        staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
          params: { path: { spaceId, changeRequestId } },
          body: { changes },
        }),
        400,
        message,
      );
    await refused([{ operation: 'revert_page', page: 'nope' }], /changes\.0\.page: .*nope/);
    await refused(
      [{ operation: 'revert_page', page: ids.intro ?? '', revision: 'nope' }],
      /changes\.0\.revision: there is no revision nope/,
    );
    await refused(
      [{ operation: 'revert_page', page: ids.intro ?? '', block: ['no-such-key'] }],
      /changes\.0\.block\[0\]: no block has the key no-such-key/,
    );
    await refused(
      [
        { operation: 'update_page', page: ids.intro ?? '', title: 'Y' },
        { operation: 'revert_page', page: 'nope' },
      ],
      /changes\.1\.page/,
    );
    expect(await headOf(changeRequestId)).toBe(head);
    expect(await pageTitles(changeRequestId)).toEqual(['X', ['Guide', ['Setup']]]);
  });
});
