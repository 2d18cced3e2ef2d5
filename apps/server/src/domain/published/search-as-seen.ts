import { searchTerms } from '../../store/search/search-terms.js';
import type { PageMatch, RankedPage } from '../content-index/search-content.js';
import type { PageAsSeen, SectionsAsSeen } from './sections-as-seen.js';

/** A search of a site narrowed to what its visitor sees of the pages it found. */
export interface SearchAsSeen {
  /**
   * Whether the visitor sees the match of a ranked page. A page no condition hides anything of
   * matches as the index ranked it; one that hides some only when what the visitor sees of it
   * (its title, or one section's heading and text) holds every word of the search.
   */
  sees(page: RankedPage): Promise<boolean>;
  /** The matches with each section's text as the visitor reads it; sections they cannot see left out. */
  shown(matches: readonly PageMatch[]): Promise<PageMatch[]>;
}

/**
 * A site's search as its visitor sees the pages: the search index holds every conditional
 * block's text, so neither a match nor an excerpt may come from a block the visitor's claims
 * do not open.
 * @example const asSeen = searchAsSeen(sectionsAsSeen(db, spaces, reader.visitor), 'install');
 */
export function searchAsSeen(seen: SectionsAsSeen, query: string): SearchAsSeen {
  const words = searchTerms(query).flatMap((term) => term.words);
  const holdsEveryWord = (text: string) => {
    const lower = text.normalize('NFC').toLowerCase();
    return words.every((word) => lower.includes(word));
  };
  const visibleMatch = (page: PageAsSeen) =>
    holdsEveryWord(page.title) ||
    [...page.sections].some(([anchor, text]) =>
      holdsEveryWord(`${page.headings.get(anchor) ?? ''}\n${text}`),
    );
  return {
    async sees(ranked) {
      const page = await seen.page(ranked.spaceId, ranked.id);
      return page !== undefined && (!page.hidesSome || visibleMatch(page));
    },
    async shown(matches) {
      const shown: PageMatch[] = [];
      for (const match of matches) {
        const page = await seen.page(match.spaceId, match.id);
        if (page === undefined) continue;
        if (!page.hidesSome) {
          shown.push(match);
          continue;
        }
        const sections = match.sections.flatMap((section) => {
          const body = page.sections.get(section.anchor);
          return body === undefined ? [] : [{ ...section, body }];
        });
        shown.push({ ...match, sections });
      }
      return shown;
    },
  };
}
