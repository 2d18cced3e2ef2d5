import type { components } from '@quire/contract';
import type { PageMatch } from '../domain/content-index/search-content.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

// A section's text in a result: enough to show why it matched.
const sectionBodyLimit = 1000;

/** A matching page with its sections, each linking to its heading in the application. */
export function presentSearchPage(match: PageMatch, urls: Urls): Schemas['SearchPageResult'] {
  const pageUrl = urls.app('spaces', match.spaceId, 'pages', match.id);
  return {
    id: match.id,
    title: match.title,
    path: match.path,
    sections: match.sections.map((section) => {
      const hash = section.anchor === '' ? '' : `#${section.anchor}`;
      const urlHash = section.anchor === '' ? '' : `#${encodeURIComponent(section.anchor)}`;
      return {
        id: section.anchor === '' ? match.id : section.anchor,
        title: section.heading,
        path: `${match.path}${hash}`,
        body: section.body.slice(0, sectionBodyLimit),
        urls: { app: `${pageUrl}${urlHash}` },
      };
    }),
    urls: { app: pageUrl },
  };
}

/** A space with its matching pages. */
export function presentSearchSpace(
  space: { id: string; title: string },
  pages: readonly PageMatch[],
  urls: Urls,
): Schemas['SearchSpaceResult'] {
  return {
    id: space.id,
    title: space.title,
    pages: pages.map((page) => presentSearchPage(page, urls)),
  };
}
