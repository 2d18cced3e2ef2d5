import type { DialectName } from '../../store/dialect.js';
import type { Executor } from '../../store/schema.js';
import { type IndexedSection, searchIndexOf } from '../../store/search-index.js';
import { searchTerms } from '../../store/search-terms.js';

/** A page that matches a search, with its best sections. */
export interface PageMatch {
  spaceId: string;
  id: string;
  title: string;
  path: string;
  sections: IndexedSection[];
}

// Enough sections for the best few hundred pages; relevance past them is noise.
const sectionHitLimit = 2000;
const sectionsPerPage = 3;

/**
 * The pages of the heads of `spaceIds` that match `query`, the most relevant first (by their
 * best section; title and heading matches rank above body matches). The query is read as words
 * (see `searchTerms`), never as syntax.
 */
export async function searchContent(
  db: Executor,
  dialect: DialectName,
  spaceIds: readonly string[],
  query: string,
): Promise<PageMatch[]> {
  const hits = await searchIndexOf(dialect).search(
    db,
    spaceIds,
    searchTerms(query),
    sectionHitLimit,
  );
  const pages = new Map<string, PageMatch>();
  for (const hit of hits) {
    const key = `${hit.spaceId}/${hit.pageId}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = {
        spaceId: hit.spaceId,
        id: hit.pageId,
        title: hit.pageTitle,
        path: hit.pagePath,
        sections: [],
      };
      pages.set(key, page);
    }
    if (page.sections.length < sectionsPerPage) {
      page.sections.push({ anchor: hit.anchor, heading: hit.heading, body: hit.body });
    }
  }
  return [...pages.values()];
}
