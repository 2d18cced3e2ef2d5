import type { Context } from 'hono';
import type { PageTrees } from './page-trees.js';
import { type RevisionPage, readPage } from './published-reads.js';
import {
  allSiteSpaces,
  currentSiteSpace,
  encodePath,
  readingOrder,
  siteSpaceBase,
} from './site-navigation.js';
import type { Visit } from './visit.js';

// What agents read: each page as Markdown, the site as llms.txt (an index) and llms-full.txt
// (every page), and what crawlers read, sitemap.xml and robots.txt.

/** A page as Markdown, at its path plus `.md`. */
export async function markdownPage(c: Context, visit: Visit, path: string) {
  const { content, reader, site } = visit;
  const siteSpace = currentSiteSpace(site, content);
  if (siteSpace === undefined) return undefined;
  const place = { spaceId: content.space, revisionId: siteSpace.space.revision, pagePath: path };
  const page = await readPage(reader, place, 'markdown');
  if (page === undefined || !('markdown' in page) || typeof page.markdown !== 'string') {
    return undefined;
  }
  c.header('Content-Type', 'text/markdown; charset=utf-8');
  return c.body(`# ${page.title}\n\n${page.markdown}`);
}

/** Every readable page of every site space the reader sees, with its URL path. */
async function sitePages(visit: Visit, trees: PageTrees) {
  const { site, content, reader } = visit;
  const spaces = allSiteSpaces(site);
  const pageTrees = await Promise.all(
    spaces.map((siteSpace) => trees.get(reader, siteSpace.space.id, siteSpace.space.revision)),
  );
  return spaces.map((siteSpace, index) => ({
    siteSpace,
    pages: readingOrder(pageTrees[index] ?? []).flatMap((page) =>
      'path' in page && !('noIndex' in page && page.noIndex === true)
        ? [{ page, href: `${siteSpaceBase(site, content, siteSpace)}${encodePath(page.path)}` }]
        : [],
    ),
  }));
}

function absolute(visit: Visit, path: string): string {
  return new URL(path, visit.content.canonicalUrl).toString();
}

function descriptionOf(page: RevisionPage): string {
  return 'description' in page && page.description !== undefined ? `: ${page.description}` : '';
}

/** `llms.txt`: the site's pages as a Markdown index of links to their Markdown. */
export async function llmsTxt(c: Context, visit: Visit, trees: PageTrees) {
  const lines = [`# ${visit.site.site.title}`, ''];
  for (const { siteSpace, pages } of await sitePages(visit, trees)) {
    lines.push(`## ${siteSpace.title}`, '');
    for (const { page, href } of pages) {
      lines.push(`- [${page.title}](${absolute(visit, `${href}.md`)})${descriptionOf(page)}`);
    }
    lines.push('');
  }
  c.header('Content-Type', 'text/plain; charset=utf-8');
  return c.body(lines.join('\n'));
}

/** `llms-full.txt`: every page of the site as Markdown, one after the other. */
export async function llmsFullTxt(c: Context, visit: Visit, trees: PageTrees) {
  const parts: string[] = [];
  for (const { siteSpace, pages } of await sitePages(visit, trees)) {
    for (const { page } of pages) {
      if (!('path' in page)) continue;
      const read = await readPage(
        visit.reader,
        { spaceId: siteSpace.space.id, revisionId: siteSpace.space.revision, pagePath: page.path },
        'markdown',
      );
      if (read !== undefined && 'markdown' in read && typeof read.markdown === 'string') {
        parts.push(`# ${read.title}\n\n${read.markdown.trim()}\n`);
      }
    }
  }
  c.header('Content-Type', 'text/plain; charset=utf-8');
  return c.body(parts.join('\n'));
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** `sitemap.xml`: every indexable page of a public site. */
export async function sitemapXml(c: Context, visit: Visit, trees: PageTrees) {
  const urls = (await sitePages(visit, trees)).flatMap(({ pages }) =>
    pages.map(({ href }) => `<url><loc>${escapeXml(absolute(visit, href))}</loc></url>`),
  );
  c.header('Content-Type', 'application/xml; charset=utf-8');
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
  );
}

/** `robots.txt`: a public site opens to crawlers and names its sitemap; others close. */
export function robotsTxt(c: Context, visit: Visit) {
  c.header('Content-Type', 'text/plain; charset=utf-8');
  if (visit.site.site.visibility !== 'public') return c.body('User-agent: *\nDisallow: /\n');
  const sitemap = absolute(visit, `${visit.content.siteBasePath}sitemap.xml`);
  return c.body(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`);
}
