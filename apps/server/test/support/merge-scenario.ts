import type { components } from '@quire/contract';
import { batchResult } from './batch-result.js';
import type { TestUser } from './test-server.js';

type Change = components['schemas']['ContentChange'];
type Page = components['schemas']['RevisionPage'];

/** Page ids by the `ref` their insert gave them. */
export type Refs = Record<string, string>;

/** A space whose content is edited through change requests by one admin. */
export interface MergeSpace {
  spaceId: string;
  admin: TestUser;
  /** Opens a change request on the space's current content. */
  open(subject?: string): Promise<string>;
  /** Applies changes to a change request; refs of inserted pages are added to `refs`. */
  apply(changeRequestId: string, changes: Change[]): Promise<void>;
  merge(changeRequestId: string): Promise<components['schemas']['MergeResult']>;
  update(changeRequestId: string): Promise<components['schemas']['MergeResult']>;
  /** The space's pages as [title, children…] trees. */
  tree(): Promise<unknown[]>;
  /** A page of the space, with its Markdown body. */
  page(pageId: string): Promise<Page>;
  variables(): Promise<Record<string, string>>;
  refs: Refs;
}

/** Titles of a page tree, children nested after their parent. */
export const titlesOf = (pages: Page[]): unknown[] =>
  pages.map((page) => (page.pages.length === 0 ? page.title : [page.title, titlesOf(page.pages)]));

/** A new space in `organizationId` and the verbs of a merge scenario on it. */
export async function createMergeSpace(
  admin: TestUser,
  organizationId: string,
): Promise<MergeSpace> {
  const spaceId = (
    await admin.client.POST('/orgs/{organizationId}/spaces', {
      params: { path: { organizationId } },
      body: { title: 'Merges' },
    })
  ).id;
  const refs: Refs = {};
  const crPath = (changeRequestId: string) => ({ path: { spaceId, changeRequestId } });
  return {
    spaceId,
    admin,
    refs,
    open: async (subject = 'Change') =>
      (
        await admin.client.POST('/spaces/{spaceId}/change-requests', {
          params: { path: { spaceId } },
          body: { subject },
        })
      ).id,
    async apply(changeRequestId, changes) {
      const result = await admin.client.POST(
        '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
        { params: { ...crPath(changeRequestId), query: { compat: false } }, body: { changes } },
      );
      for (const change of batchResult(result).changes) {
        if (change.object === 'created_page' && change.ref !== undefined) {
          refs[change.ref] = change.page.id;
        }
      }
    },
    merge: (changeRequestId) =>
      admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/merge', {
        params: crPath(changeRequestId),
      }),
    update: (changeRequestId) =>
      admin.client.POST('/spaces/{spaceId}/change-requests/{changeRequestId}/update', {
        params: crPath(changeRequestId),
      }),
    tree: async () =>
      titlesOf(
        (
          await admin.client.GET('/spaces/{spaceId}/content/pages', {
            params: { path: { spaceId } },
          })
        ).pages,
      ),
    page: (pageId) =>
      admin.client.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId } },
      }),
    variables: async () =>
      (await admin.client.GET('/spaces/{spaceId}/content', { params: { path: { spaceId } } }))
        .variables,
  };
}

/**
 * Sets up base content (merged into the space), then two change requests opened on it: `ours`
 * is applied and merged first, `theirs` applied; answers the space and `theirs`, ready to merge.
 */
export async function mergeScenario(
  space: MergeSpace,
  base: Change[],
  ours: (refs: Refs) => Change[],
  theirs: (refs: Refs) => Change[],
): Promise<string> {
  if (base.length > 0) {
    const setup = await space.open('Base');
    await space.apply(setup, base);
    await space.merge(setup);
  }
  const theirId = await space.open('Theirs');
  const ourChanges = ours(space.refs);
  if (ourChanges.length > 0) {
    const ourId = await space.open('Ours');
    await space.apply(ourId, ourChanges);
    const merged = await space.merge(ourId);
    if (merged.result !== 'merge')
      throw new Error(`The ours side did not merge: ${JSON.stringify(merged)}`);
  }
  const theirChanges = theirs(space.refs);
  if (theirChanges.length > 0) await space.apply(theirId, theirChanges);
  return theirId;
}
