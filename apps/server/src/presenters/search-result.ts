import type { components } from '@quire/contract';
import { type PagePlace, placeKey } from '../domain/content-index/page-places.js';
import type { PageMatch } from '../domain/content-index/search-content.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

// A section's text in a result: enough to show why it matched.
const sectionBodyLimit = 1000;

/**
 * A matching page with its sections, each linking to its heading in the application; `rank` is
 * its place among the pages of the answer (from 1), `place` where it sits in its space.
 */
export function presentSearchPage(
  match: PageMatch,
  rank: number,
  place: PagePlace | undefined,
  urls: Urls,
): Schemas['SearchPageResult'] {
  const pageUrl = urls.app('spaces', match.spaceId, 'pages', match.id);
  return {
    id: match.id,
    title: match.title,
    description: place?.description ?? '',
    path: match.path,
    score: match.score,
    rank,
    resultType: 'page',
    ancestors: place?.ancestors ?? [],
    sections: match.sections.map((section) => {
      const hash = section.anchor === '' ? '' : `#${section.anchor}`;
      const urlHash = section.anchor === '' ? '' : `#${encodeURIComponent(section.anchor)}`;
      return {
        id: section.anchor === '' ? match.id : section.anchor,
        title: section.heading,
        path: `${match.path}${hash}`,
        score: section.score,
        resultType: 'section',
        body: section.body.slice(0, sectionBodyLimit),
        urls: { app: `${pageUrl}${urlHash}` },
      };
    }),
    urls: { app: pageUrl },
  };
}

/** Matching pages in their order, ranked from `firstRank`, with where each sits. */
export function presentSearchPages(
  matches: readonly PageMatch[],
  firstRank: number,
  places: ReadonlyMap<string, PagePlace>,
  urls: Urls,
): Schemas['SearchPageResult'][] {
  return matches.map((match, index) =>
    presentSearchPage(
      match,
      firstRank + index,
      places.get(placeKey(match.spaceId, match.id)),
      urls,
    ),
  );
}

/** A space with its matching pages, already presented; its score is its best page's. */
export function presentSearchSpace(
  space: { id: string; title: string },
  pages: Schemas['SearchPageResult'][],
): Schemas['SearchSpaceResult'] {
  return {
    type: 'space',
    id: space.id,
    title: space.title,
    score: Math.max(0, ...pages.map((page) => page.score)),
    pages,
  };
}
