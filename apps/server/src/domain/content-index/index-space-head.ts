import {
  findIndexedPages,
  putIndexedFiles,
  putIndexedPages,
  refreshLinkStatus,
  removeIndexedPages,
  replaceLinksOfPages,
  type StoredLink,
  spaceScope,
} from '../../store/content-index.js';
import type { DialectName } from '../../store/database/dialect.js';
import type { Executor } from '../../store/schema.js';
import { type PageSections, searchIndexOf } from '../../store/search/search-index.js';
import type { SpaceHeadMove } from '../content/head-moves.js';
import { changedBetweenRevisions } from './changed-pages.js';
import { readPageContent } from './page-content.js';
import { pageLinksOf } from './page-links.js';

/** What the indexes of a space's head need to know of the instance. */
export interface ContentIndexOptions {
  dialect: DialectName;
  /** Origin of the application's URLs: links under it are `in-app`. */
  appOrigin: string;
}

/**
 * Keeps the search index and the links of a space's head in step with it: on every move of the
 * head, in its transaction, the pages that changed between the two revisions are indexed again
 * (and the pages under a moved one, whose paths changed), and the state of the links that point
 * at them is recomputed. A search or a link list right after a merge sees the new content.
 */
export function spaceHeadIndexer({
  dialect,
  appOrigin,
}: ContentIndexOptions): (db: Executor, move: SpaceHeadMove) => Promise<void> {
  const search = searchIndexOf(dialect);
  return async (db, { spaceId, from, to }) => {
    const changed = await changedBetweenRevisions(db, spaceId, from, to);
    const { after } = changed;
    const oldPaths = (
      await findIndexedPages(db, spaceId, [...changed.pages, ...changed.deletedPages])
    ).map((page) => page.path);
    const newPaths: string[] = [];

    await removeIndexedPages(db, spaceId, changed.deletedPages);
    // Every changed page is read first, then written a few hundred rows a statement: an import
    // of a thousand pages is a few dozen statements, not tens of thousands.
    const indexed: PageSections[] = [];
    const links: StoredLink[] = [];
    for (const pageId of changed.pages) {
      const page = await after.page(pageId);
      if (page === undefined) continue;
      const content = await readPageContent(after, page);
      newPaths.push(content.path);
      indexed.push({
        page: { id: page.id, title: page.title, path: content.path },
        sections: content.sections,
      });
      if (content.body !== undefined) {
        links.push(...pageLinksOf(page.id, content.path, content.body, appOrigin));
      }
    }
    await putIndexedPages(
      db,
      spaceId,
      indexed.map(({ page }) => page),
    );
    await search.writeSections(db, spaceId, indexed);
    await replaceLinksOfPages(
      db,
      spaceId,
      spaceScope,
      indexed.map(({ page }) => page.id),
      links,
    );
    await putIndexedFiles(
      db,
      spaceId,
      changed.files.put,
      changed.files.deleted.map((file) => file.id),
    );
    await refreshLinkStatus(db, spaceId, {
      pageIds: changed.pages,
      paths: [...oldPaths, ...newPaths],
      fileNames: [...changed.files.put, ...changed.files.deleted].map((file) => file.name),
    });
  };
}
