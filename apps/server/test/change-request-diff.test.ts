import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect-api-error.js';
import { spaceEditing } from './support/space-editing.js';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
  type TestUser,
} from './support/test-server.js';

type Query = { pageId?: string; context?: number };

// Ten numbered lines, so a change in the middle has context on both sides to count.
const numbered = (changed?: number) =>
  Array.from({ length: 10 }, (_, index) =>
    index + 1 === changed ? `Line ${index + 1} changed.` : `Line ${index + 1}.`,
  ).join('\n\n');

describe('getChangeRequestDiff', () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;
  const pageIds: Record<string, string> = {};
  const editing = () => spaceEditing(staff.admin, () => spaceId);

  beforeAll(async () => {
    server = await startTestServer();
    staff = await createStaffedOrganization(server);
    spaceId = await createSpaceWithContent(staff, 'Handbook', [
      { operation: 'insert_page', title: 'Install', document: { markdown: numbered() } },
      { operation: 'insert_page', title: 'Old notes', document: { markdown: 'Keep this.\n' } },
      { operation: 'insert_page', ref: 'guides', type: 'group', title: 'Guides', document: {} },
      { operation: 'insert_page', title: 'Usage', document: { markdown: 'Use it.\n' } },
    ]);
    const { pages } = await staff.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    for (const page of pages) pageIds[page.title] = page.id;
  });
  afterAll(() => server.close());

  const diff = (changeRequestId: string, query: Query = {}, user: TestUser = staff.reader) =>
    user.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/diff', {
      params: { path: { spaceId, changeRequestId }, query },
    });
  const id = (title: string) => pageIds[title] ?? '';

  /** A change request that edits Install, creates Tutorial, deletes Old notes, moves Usage. */
  const openEdits = async () => {
    const { openChangeRequest, apply } = editing();
    const changeRequestId = await openChangeRequest();
    await apply(changeRequestId, [
      { operation: 'update_page', page: id('Install'), document: { markdown: numbered(5) } },
      { operation: 'insert_page', title: 'Tutorial', document: { markdown: 'Step one.\n' } },
      { operation: 'delete_page', page: id('Old notes') },
      { operation: 'update_page', page: id('Usage'), into: id('Guides') },
    ]);
    return changeRequestId;
  };

  it('shows each changed page with a unified diff of its Markdown, by path', async () => {
    const { items } = await diff(await openEdits());
    expect(items.map(({ page, change }) => [page.path, change])).toEqual([
      ['guides/usage', 'moved'],
      ['install', 'edited'],
      ['old-notes', 'deleted'],
      ['tutorial', 'created'],
    ]);
    const [moved, edited, deleted, created] = items;
    expect(edited?.page).toMatchObject({ id: id('Install'), title: 'Install', type: 'document' });
    expect(edited?.patch).toMatch(/^--- a\/install\.md\n\+\+\+ b\/install\.md\n@@ -6,7 \+6,7 @@\n/);
    expect(edited?.patch).toContain('\n-Line 5.\n+Line 5 changed.\n');
    expect(edited?.patch).toContain('\n Line 4.\n');
    expect(created?.patch).toMatch(/^--- \/dev\/null\n\+\+\+ b\/tutorial\.md\n@@ -0,0 \+1,1 @@\n/);
    expect(created?.patch).toContain('\n+Step one.\n');
    expect(deleted?.page).toMatchObject({ id: id('Old notes'), path: 'old-notes' });
    expect(deleted?.patch).toMatch(/^--- a\/old-notes\.md\n\+\+\+ \/dev\/null\n/);
    expect(deleted?.patch).toContain('\n-Keep this.\n');
    // Moved without a change to its body: listed, with nothing to patch.
    expect(moved).toMatchObject({ page: { id: id('Usage') }, patch: '' });
  });

  it('shows the same Markdown that page reads answer', async () => {
    const changeRequestId = await openEdits();
    const { items } = await diff(changeRequestId, { pageId: id('Install'), context: 20 });
    const page = await staff.reader.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path: { spaceId, changeRequestId, pageId: id('Install') } } },
    );
    const markdown = 'markdown' in page ? String(page.markdown) : '';
    const added = (items[0]?.patch ?? '')
      .split('\n')
      .filter((line) => /^[ +](?!\+\+ )/.test(line))
      .map((line) => line.slice(1));
    expect(added.join('\n')).toBe(markdown.replace(/\n$/, ''));
  });

  it('diffs only the page asked for, with the lines of context asked for', async () => {
    const changeRequestId = await openEdits();
    const only = await diff(changeRequestId, { pageId: id('Install'), context: 0 });
    expect(only.items).toHaveLength(1);
    const patch = only.items[0]?.patch ?? '';
    expect(patch).toContain('@@ -9,1 +9,1 @@\n-Line 5.\n+Line 5 changed.\n');
    expect(patch.split('\n').filter((line) => line.startsWith(' '))).toEqual([]);
    const some = await diff(changeRequestId, { pageId: id('Install'), context: 1 });
    expect(some.items[0]?.patch).toContain('@@ -8,3 +8,3 @@\n \n-Line 5.\n+Line 5 changed.\n \n');
    // A page the change request leaves as it is has nothing to show.
    expect((await diff(changeRequestId, { pageId: id('Guides') })).items).toEqual([]);
    expect((await diff(changeRequestId, { pageId: 'no-such-page' })).items).toEqual([]);
  });

  it('compares with the merge base, not with what the space merged since', async () => {
    const { openChangeRequest, apply, merge } = editing();
    const untouched = await openChangeRequest();
    expect(await diff(untouched)).toEqual({ items: [] });
    const other = await openChangeRequest();
    await apply(other, [
      { operation: 'update_page', page: id('Usage'), document: { markdown: 'Use it well.\n' } },
    ]);
    await merge(other);
    expect(await diff(untouched)).toEqual({ items: [] });
    const renamed = await openChangeRequest();
    await apply(renamed, [{ operation: 'update_page', page: id('Usage'), title: 'Using it' }]);
    expect((await diff(renamed)).items).toEqual([
      {
        page: { id: id('Usage'), type: 'document', title: 'Using it', path: 'usage' },
        change: 'edited',
        patch: '',
      },
    ]);
    const editedAndMoved = await openChangeRequest();
    await apply(editedAndMoved, [
      { operation: 'update_page', page: id('Install'), into: id('Guides') },
      { operation: 'update_page', page: id('Install'), document: { markdown: numbered(1) } },
    ]);
    const [both] = (await diff(editedAndMoved)).items;
    expect(both).toMatchObject({ page: { path: 'guides/install' }, change: 'edited' });
    expect(both?.patch).toMatch(/^--- a\/install\.md\n\+\+\+ b\/guides\/install\.md\n/);
  });

  it('is for readers of the space, like getChangeRequestChanges', async () => {
    const changeRequestId = await openEdits();
    const changes = (user: TestUser) =>
      user.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/changes', {
        params: { path: { spaceId, changeRequestId } },
      });
    await expectApiError(changes(staff.outsider), 404);
    await expectApiError(diff(changeRequestId, {}, staff.outsider), 404);
    await expectApiError(
      server.clientWith().GET('/spaces/{spaceId}/change-requests/{changeRequestId}/diff', {
        params: { path: { spaceId, changeRequestId } },
      }),
      401,
    );
    await expectApiError(diff('no-such-change-request'), 404, /not found/);
    await expectApiError(diff('999'), 404);
  });

  it('refuses a context outside 0..20 and one that is not a number', async () => {
    const changeRequestId = await openEdits();
    await expectApiError(diff(changeRequestId, { context: 21 }), 400, /query\.context/);
    await expectApiError(diff(changeRequestId, { context: -1 }), 400, /query\.context/);
    const notANumber: Query = JSON.parse('{"context":"many"}');
    await expectApiError(diff(changeRequestId, notANumber), 400, /query\.context/);
  });
});
