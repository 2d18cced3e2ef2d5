import { QuireApiError } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpaceWithContent } from './support/space-with-content.js';
import {
  createStaffedOrganization,
  type StaffedOrganization,
  startTestServer,
  type TestServer,
} from './support/test-server.js';

// Two change requests edit one page; the second to merge meets the conflict, and its writer
// settles it by bringing the space in with a resolution, then merges.
describe('settling merge conflicts', () => {
  let server: TestServer;
  let org: StaffedOrganization;

  beforeAll(async () => {
    server = await startTestServer();
    org = await createStaffedOrganization(server);
  });
  afterAll(() => server.close());

  /** A space with one page, and two change requests that each rewrite it. */
  const twoEdits = async (first: string, second: string, title?: string) => {
    const client = org.creator.client;
    const spaceId = await createSpaceWithContent(org, 'Conflicts', [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Original.\n' } },
    ]);
    const { pages } = await client.GET('/spaces/{spaceId}/content/pages', {
      params: { path: { spaceId } },
    });
    const pageId = pages[0]?.id ?? '';
    const edit = async (markdown: string, newTitle?: string) => {
      const changeRequest = await client.POST('/spaces/{spaceId}/change-requests', {
        params: { path: { spaceId } },
        body: { subject: markdown },
      });
      await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/content', {
        params: { path: { spaceId, changeRequestId: changeRequest.id } },
        body: {
          changes: [
            {
              operation: 'update_page',
              page: pageId,
              document: { markdown },
              ...(newTitle === undefined ? {} : { title: newTitle }),
            },
          ],
        },
      });
      return changeRequest.id;
    };
    const firstId = await edit(first, title === undefined ? undefined : `${title} (first)`);
    const secondId = await edit(second, title === undefined ? undefined : `${title} (second)`);
    const merge = (changeRequestId: string) =>
      client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: { path: { spaceId, changeRequestId } },
      });
    expect(await merge(firstId)).toMatchObject({ result: 'merge' });
    return { client, spaceId, pageId, secondId, merge };
  };

  it('keeps the change request’s side, then merges', async () => {
    const { client, spaceId, pageId, secondId, merge } = await twoEdits('First.\n', 'Second.\n');
    expect(await merge(secondId)).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: pageId, field: 'document' }],
    });
    const path = { spaceId, changeRequestId: secondId };
    expect(
      await client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: { path },
        body: { resolutions: [{ page: pageId, field: 'document', keep: 'change-request' }] },
      }),
    ).toMatchObject({ result: 'update' });
    expect(await merge(secondId)).toMatchObject({ result: 'merge' });
    const page = await client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId }, query: { format: 'markdown' } },
    });
    expect(page).toMatchObject({ markdown: 'Second.\n' });
  });

  it('keeps the space’s side for one field and the change request’s for another', async () => {
    const { client, spaceId, pageId, secondId, merge } = await twoEdits('A.\n', 'B.\n', 'Guide');
    const conflicts = await merge(secondId);
    expect(conflicts.conflicts?.map((conflict) => conflict.field).sort()).toEqual([
      'document',
      'title',
    ]);
    const update = (
      resolutions: { page: string; field: string; keep: 'space' | 'change-request' }[],
    ) =>
      client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: { path: { spaceId, changeRequestId: secondId } },
        body: { resolutions },
      });
    // One field settled, the other still stops it: nothing changes.
    expect(await update([{ page: pageId, field: 'title', keep: 'space' }])).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: pageId, field: 'document' }],
    });
    expect(
      await update([
        { page: pageId, field: 'title', keep: 'space' },
        { page: pageId, field: 'document', keep: 'change-request' },
      ]),
    ).toMatchObject({ result: 'update' });
    expect(await merge(secondId)).toMatchObject({ result: 'merge' });
    const page = await client.GET('/spaces/{spaceId}/content/page/{pageId}', {
      params: { path: { spaceId, pageId }, query: { format: 'markdown' } },
    });
    expect(page).toMatchObject({ title: 'Guide (first)', markdown: 'B.\n' });
  });

  it('refuses a resolution that names no side, and lets a reader settle nothing', async () => {
    const { spaceId, pageId, secondId } = await twoEdits('One.\n', 'Two.\n');
    const path = { spaceId, changeRequestId: secondId };
    const bad = await server.fetch(
      new Request(`http://quire.test/v1/spaces/${spaceId}/change-requests/${secondId}/update`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${org.creator.token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ resolutions: [{ page: pageId, field: 'document', keep: 'mine' }] }),
      }),
    );
    expect(bad.status).toBe(400);
    const refused = await org.reader.client
      .POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: { path },
        body: { resolutions: [{ page: pageId, field: 'document', keep: 'space' }] },
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuireApiError);
    expect((refused as QuireApiError).status).toBe(403);
  });
});
