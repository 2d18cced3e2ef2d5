import type { DialectName } from '../../store/database/dialect.js';
import type { Executor } from '../../store/schema.js';
import {
  type IndexedSection,
  readSectionHits,
  searchIndexOf,
} from '../../store/search/search-index.js';
import { searchTerms } from '../../store/search/search-terms.js';

/** A page that matches a search, ranked: its best sections by id with their scores, the best first. */
export interface RankedPage {
  spaceId: string;
  id: string;
  sectionIds: number[];
  sectionScores: number[];
}

/** A section of a matching page, with its score (higher is more relevant). */
export type ScoredSection = IndexedSection & { score: number };

/** A page that matches a search, with its best sections. */
export interface PageMatch {
  spaceId: string;
  id: string;
  title: string;
  path: string;
  /** The score of its best section. */
  score: number;
  sections: ScoredSection[];
}

// Enough sections for the best few hundred pages; relevance past them is noise.
const sectionHitLimit = 2000;
const sectionsPerPage = 3;

/**
 * The pages of the heads of `spaceIds` that match `query`, the most relevant first (by their
 * best section; title and heading matches rank above body matches). The query is read as words
 * (see `searchTerms`), never as syntax. Only the ranking is read: a page of results reads its
 * text with {@link readPageMatches}.
 */
export async function searchContent(
  db: Executor,
  dialect: DialectName,
  spaceIds: readonly string[],
  query: string,
): Promise<RankedPage[]> {
  const ranked = await searchIndexOf(dialect).search(
    db,
    spaceIds,
    searchTerms(query),
    sectionHitLimit,
  );
  const pages = new Map<string, RankedPage>();
  for (const section of ranked) {
    const key = `${section.spaceId}/${section.pageId}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = { spaceId: section.spaceId, id: section.pageId, sectionIds: [], sectionScores: [] };
      pages.set(key, page);
    }
    if (page.sectionIds.length < sectionsPerPage) {
      page.sectionIds.push(section.id);
      page.sectionScores.push(Math.max(0, section.score));
    }
  }
  return [...pages.values()];
}

/**
 * The titles, paths and section texts of ranked pages, in their order. A page whose sections
 * were all indexed again since it was ranked (a write in between) is left out.
 */
export async function readPageMatches(
  db: Executor,
  pages: readonly RankedPage[],
): Promise<PageMatch[]> {
  const hits = await readSectionHits(
    db,
    pages.flatMap((page) => page.sectionIds),
  );
  const matches: PageMatch[] = [];
  for (const page of pages) {
    const sections = page.sectionIds.flatMap((id, index) => {
      const hit = hits.get(id);
      return hit === undefined ? [] : [{ ...hit, score: page.sectionScores[index] ?? 0 }];
    });
    const [first] = sections;
    if (first === undefined) continue;
    matches.push({
      spaceId: page.spaceId,
      id: page.id,
      title: first.pageTitle,
      path: first.pagePath,
      score: first.score,
      sections: sections.map(({ anchor, heading, body, score }) => ({
        anchor,
        heading,
        body,
        score,
      })),
    });
  }
  return matches;
}
