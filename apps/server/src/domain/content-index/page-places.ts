import type { Executor } from '../../store/schema.js';
import { loadRevision } from '../content/content-revisions.js';
import { openRevisionContent } from '../content/read-content.js';
import { findSpaceCached } from '../published/cached-site-reads.js';
import type { PageMatch } from './search-content.js';

/** Where a matching page sits in its space's current revision. */
export interface PagePlace {
  /** The pages it is under, from the top of the space down. */
  ancestors: { id: string; title: string }[];
  description: string;
}

/** The key of a page in {@link pagePlaces}' answer. */
export const placeKey = (spaceId: string, pageId: string) => `${spaceId}/${pageId}`;

/**
 * The ancestors and description of each matching page, read from its space's current revision
 * (the one the index holds); a page no longer there has none.
 */
export async function pagePlaces(
  db: Executor,
  matches: readonly PageMatch[],
): Promise<Map<string, PagePlace>> {
  const places = new Map<string, PagePlace>();
  const bySpace = new Map<string, PageMatch[]>();
  for (const match of matches)
    bySpace.set(match.spaceId, [...(bySpace.get(match.spaceId) ?? []), match]);
  for (const [spaceId, pages] of bySpace) {
    const space = await findSpaceCached(db, spaceId);
    if (space === undefined) continue;
    const tree = await openRevisionContent(db, await loadRevision(db, space, space.revisionId));
    for (const match of pages) {
      const page = await tree.page(match.id);
      if (page === undefined) continue;
      const ancestors: PagePlace['ancestors'] = [];
      for (let parentId = page.parent; parentId !== null; ) {
        const parent = await tree.page(parentId);
        if (parent === undefined) break;
        ancestors.unshift({ id: parent.id, title: parent.title });
        parentId = parent.parent;
      }
      places.set(placeKey(spaceId, match.id), {
        ancestors,
        description: page.description ?? '',
      });
    }
  }
  return places;
}
