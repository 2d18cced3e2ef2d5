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
type RevisionPage = components['schemas']['RevisionPage'];

const variablesOf = (page: RevisionPage) => ('variables' in page ? page.variables : undefined);

// A document page's own variables, GitBook's `page.vars.<name>`: written in content batches
// (`insert_page`, `update_page`), read with the page, listed as page changes, and merged name by
// name like the space's.
describe("a page's own variables", () => {
  let server: TestServer;
  let staff: StaffedOrganization;
  let spaceId: string;
  const ids: Record<string, string> = {};

  const editing = () => spaceEditing(staff.admin, () => spaceId);
  const revisionOf = async (changeRequestId: string) =>
    (
      await staff.admin.client.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', {
        params: { path: { spaceId, changeRequestId } },
      })
    ).revision;
  const inChangeRequest = (changeRequestId: string, pageId: string) =>
    staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}',
      { params: { path: { spaceId, changeRequestId, pageId } } },
    );
  const inSpace = (pageId: string, client = staff.admin.client) =>
    client.GET('/spaces/{spaceId}/content/page/{pageId}', {
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
    spaceId = await createSpaceWithContent(staff, 'Handbook', [
      {
        operation: 'insert_page',
        title: 'Install',
        document: { markdown: 'For <code class="expression">page.vars.os</code>.' },
        // Stored in name order, whatever order they came in.
        variables: { os: 'Linux', arch: 'x64' },
      },
      { operation: 'insert_page', title: 'Plain', document: { markdown: 'Hi.' } },
      { operation: 'insert_page', type: 'group', title: 'Group', document: {} },
    ]);
    const { pages } = await staff.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    for (const page of pages) ids[page.title.toLowerCase()] = page.id;
  });
  afterAll(() => server.close());

  it('reads them with the page and in the page tree, and a page without any has none', async () => {
    const page = await inSpace(ids.install ?? '');
    expect(variablesOf(page)).toEqual({ arch: 'x64', os: 'Linux' });
    expect(Object.keys(variablesOf(page) ?? {})).toEqual(['arch', 'os']);
    expect(await inSpace(ids.plain ?? '')).not.toHaveProperty('variables');
    const { pages } = await staff.admin.client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const listed = pages.find((each) => each.id === ids.install);
    expect(listed === undefined ? undefined : variablesOf(listed)).toEqual({
      arch: 'x64',
      os: 'Linux',
    });
    // A reader of the space reads them too.
    expect(variablesOf(await inSpace(ids.install ?? '', staff.reader.client))).toEqual({
      arch: 'x64',
      os: 'Linux',
    });
  });

  it('replaces them whole in a change request, lists the change, and merges it', async () => {
    const changeRequestId = await write([
      { operation: 'update_page', page: ids.install ?? '', variables: { os: 'macOS' } },
    ]);
    expect(variablesOf(await inChangeRequest(changeRequestId, ids.install ?? ''))).toEqual({
      os: 'macOS',
    });
    // Not in the space until merged.
    expect(variablesOf(await inSpace(ids.install ?? ''))).toEqual({ arch: 'x64', os: 'Linux' });
    const changes = await staff.admin.client.GET(
      '/spaces/{spaceId}/change-requests/{changeRequestId}/changes',
      { params: { path: { spaceId, changeRequestId } } },
    );
    expect(changes.changes).toEqual([
      expect.objectContaining({
        type: 'page_edited',
        page: expect.objectContaining({ id: ids.install }),
        attributes: {
          variables: { before: { arch: 'x64', os: 'Linux' }, after: { os: 'macOS' } },
        },
      }),
    ]);
    await editing().merge(changeRequestId);
    expect(variablesOf(await inSpace(ids.install ?? ''))).toEqual({ os: 'macOS' });
  });

  it('leaves them when a change does not name them, and {} leaves the page none', async () => {
    const untouched = await write([
      { operation: 'update_page', page: ids.install ?? '', title: 'Setup' },
    ]);
    expect(variablesOf(await inChangeRequest(untouched, ids.install ?? ''))).toEqual({
      os: 'macOS',
    });
    const cleared = await write([
      { operation: 'update_page', page: ids.install ?? '', variables: {} },
    ]);
    expect(await inChangeRequest(cleared, ids.install ?? '')).not.toHaveProperty('variables');
  });

  it('stores none for a page given none: its record, and the revision, stay as they were', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const revision = await revisionOf(changeRequestId);
    await editing().apply(changeRequestId, [
      { operation: 'update_page', page: ids.plain ?? '', variables: {} },
      { operation: 'update_page', page: ids.group ?? '', variables: {} },
    ]);
    expect(await revisionOf(changeRequestId)).toBe(revision);
  });

  it('refuses variables on a group, and bad names, with 400, writing nothing of the batch', async () => {
    const changeRequestId = await editing().openChangeRequest();
    const revision = await revisionOf(changeRequestId);
    const batch = (change: Change) =>
      staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: {
          changes: [{ operation: 'update_page', page: ids.plain ?? '', title: 'Renamed' }, change],
        },
      });
    await expectApiError(
      batch({ operation: 'update_page', page: ids.group ?? '', variables: { os: 'Linux' } }),
      400,
      /only document pages have variables/,
    );
    await expectApiError(
      batch({
        operation: 'insert_page',
        type: 'group',
        title: 'Another group',
        document: {},
        variables: { os: 'Linux' },
      }),
      400,
      /only document pages have variables/,
    );
    const bad: Record<string, string>[] = [
      { '1st': 'no' },
      { 'with-dash': 'no' },
      { os: 'x'.repeat(10_001) },
    ];
    for (const variables of bad) {
      await expectApiError(
        batch({ operation: 'update_page', page: ids.plain ?? '', variables }),
        400,
        /variables/,
      );
    }
    expect(await revisionOf(changeRequestId)).toBe(revision);
    // Readers may read them, not write them.
    await expectApiError(
      staff.reader.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId } },
        body: { changes: [{ operation: 'update_page', page: ids.plain ?? '', variables: {} }] },
      }),
      403,
    );
  });

  it('settles a variable both sides set differently by the side a resolution keeps', async () => {
    const first = await write([
      { operation: 'update_page', page: ids.plain ?? '', variables: { os: 'Linux', tier: 'a' } },
    ]);
    const second = await write([
      { operation: 'update_page', page: ids.plain ?? '', variables: { os: 'macOS' } },
    ]);
    await editing().merge(first);
    const conflicts = await editing().merge(second);
    expect(conflicts).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: ids.plain, field: 'variables.os' }],
    });
    expect(
      await staff.admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: { path: { spaceId, changeRequestId: second } },
        body: { resolutions: [{ page: ids.plain ?? '', field: 'variables.os', keep: 'space' }] },
      }),
    ).toMatchObject({ result: 'update' });
    expect(await editing().merge(second)).toMatchObject({ result: 'merge' });
    // `tier` came with the space's side: the second change request never changed it.
    expect(variablesOf(await inSpace(ids.plain ?? ''))).toEqual({ os: 'Linux', tier: 'a' });
  });
});
