import type { Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { loadSpaceRevision } from '../content/content-revisions.js';
import { openRevisionContent } from '../content/read-content.js';

// The pages redirects name, in the current revision of the space a site space publishes.

/** The id of the page at a path of slugs (`guides/install`) in the space, if there is one. */
export async function pageIdAtPath(
  db: Executor,
  space: SpaceRecord,
  path: string,
): Promise<string | undefined> {
  const tree = await openRevisionContent(db, await loadSpaceRevision(db, space));
  let pageId: string | undefined;
  for (const slug of path.split('/').filter((segment) => segment !== '')) {
    pageId = await tree.pageWithSlug(pageId ?? null, slug);
    if (pageId === undefined) return undefined;
  }
  return pageId;
}

/** The path of slugs of a page of the space, if it still has that page. */
export async function pathOfPage(
  db: Executor,
  space: SpaceRecord,
  pageId: string,
): Promise<string | undefined> {
  const tree = await openRevisionContent(db, await loadSpaceRevision(db, space));
  const page = await tree.page(pageId);
  return page === undefined ? undefined : tree.pathOf(page);
}
