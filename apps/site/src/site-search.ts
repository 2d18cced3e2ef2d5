import type { Context } from 'hono';
import { answerHtml } from './html-answers.js';
import type { PageTrees } from './page-trees.js';
import { searchSite } from './published-reads.js';
import { allSiteSpaces, encodePath, siteSpaceBase } from './site-navigation.js';
import { framingOrigins, siteProps } from './site-props.js';
import { renderSearchResults } from './views/index.js';
import { currentPages, type Visit } from './visit.js';

// The API caps a search query at this many characters.
const queryLimit = 512;

/** The results of a search of the site as this reader sees it, each with where it opens. */
export async function searchResults(visit: Visit, query: string) {
  if (query.trim() === '') return [];
  const { content, reader, site } = visit;
  const spaces = await searchSite(reader, content, query.slice(0, queryLimit));
  const siteSpaces = allSiteSpaces(site);
  return spaces.flatMap((space) => {
    const siteSpace = siteSpaces.find((item) => item.space.id === space.id);
    if (siteSpace === undefined) return [];
    const base = siteSpaceBase(site, content, siteSpace);
    return space.pages.map((page) => ({
      title: page.title,
      href: `${base}${encodePath(page.path)}`,
      ...(page.sections?.[0]?.body === undefined ? {} : { excerpt: page.sections[0].body }),
    }));
  });
}

/** The search page: works without a script, the form submitting `?q=` to it. */
export async function searchPage(c: Context, visit: Visit, query: string, trees: PageTrees) {
  const opened = await currentPages(visit, trees);
  c.header('Cache-Control', 'private, no-store');
  return answerHtml(
    c,
    renderSearchResults({
      site: siteProps(visit.site, visit.content, opened?.pages ?? [], undefined),
      query,
      results: await searchResults(visit, query),
    }),
    { framedBy: framingOrigins(visit.site, visit.content) },
  );
}

/** The same results as JSON, for the search box's script. */
export async function searchJson(c: Context, visit: Visit, query: string) {
  c.header('Cache-Control', 'private, no-store');
  return c.json(await searchResults(visit, query));
}
