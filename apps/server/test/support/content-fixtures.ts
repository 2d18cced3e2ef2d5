import { batchResult } from './batch-result.js';
import { pathsWhere, valueAt } from './json-paths.js';
import type { TestUser } from './test-server.js';

/** Content of one space that content parameters draw real values from. */
export interface ContentFixtures {
  /** An open change request (by id and by number) and a merged one. */
  changeRequestIds: string[];
  /** Pages of the space and of the open change request. */
  pageIds: string[];
  /** Paths of the space's pages, nested ones with their slashes. */
  pagePaths: string[];
  fileIds: string[];
  reusableContentIds: string[];
  /** Bodies of the space's pages and reusable contents. */
  documentIds: string[];
  /** The space's revision after the merge. */
  revisionIds: string[];
}

/**
 * Gives a space content through the API: a change request that adds a group page, a page in it
 * a file and a reusable content the page includes, merged; then an open change request that adds one more page.
 */
export async function createContentFixtures(
  admin: TestUser,
  spaceId: string,
): Promise<ContentFixtures> {
  const openChangeRequest = () =>
    admin.client.POST('/spaces/{spaceId}/change-requests', {
      params: { path: { spaceId } },
      body: { subject: 'Fixtures' },
    });
  const merged = await openChangeRequest();
  const applied = await admin.client.POST(
    '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    {
      params: { path: { spaceId, changeRequestId: merged.id }, query: { compat: false } },
      body: {
        changes: [
          { operation: 'insert_page', ref: 'guides', type: 'group', title: 'Guides', document: {} },
          {
            operation: 'insert_page',
            into: 'guides',
            title: 'Install',
            // Links to a file and to headings, so link reads have rows to show.
            document: {
              markdown:
                '# Install\n\nRun `quire init`, see [notes](notes.txt) and [install](#install).\n',
            },
          },
          {
            operation: 'insert_reusable_content',
            title: 'Support',
            document: { markdown: 'Ask the support desk.\n' },
          },
          {
            operation: 'insert_page',
            into: 'guides',
            title: 'Help',
            document: { markdown: '{% include "../.gitbook/includes/support.md" %}\n' },
          },
          {
            operation: 'insert_files',
            files: [{ name: 'notes.txt', base64: Buffer.from('hello').toString('base64') }],
          },
        ],
      },
    },
  );
  await admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
    params: { path: { spaceId, changeRequestId: merged.id } },
  });
  const open = await openChangeRequest();
  const drafted = await admin.client.POST(
    '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    {
      params: { path: { spaceId, changeRequestId: open.id }, query: { compat: false } },
      body: {
        changes: [{ operation: 'insert_page', title: 'Draft', document: { markdown: 'x' } }],
      },
    },
  );
  const pages = await admin.client.GET('/spaces/{spaceId}/content/pages', {
    params: { path: { spaceId } },
  });
  const space = await admin.client.GET('/spaces/{spaceId}', { params: { path: { spaceId } } });
  const reusable = batchResult(applied).insertedReusableContents ?? [];
  return {
    changeRequestIds: [open.id, String(open.number), merged.id],
    pageIds: [...stringsAt(pages, 'id'), ...stringsAt(batchResult(drafted).changes, 'id')],
    pagePaths: stringsAt(pages, 'path'),
    fileIds: (batchResult(applied).insertedFiles ?? []).map((file) => file.id),
    reusableContentIds: reusable.map((item) => item.id),
    documentIds: [
      ...stringsAt(pages, 'documentId'),
      ...reusable.map((item) => item.document ?? ''),
    ],
    revisionIds: [space.revision],
  };
}

/** Every string under a key of this name, however deep. */
function stringsAt(value: unknown, key: string): string[] {
  return pathsWhere(value, (inner) => typeof inner === 'string').flatMap((path) =>
    path.at(-1) === key ? [String(valueAt(value, path))] : [],
  );
}
