import type { QuireClient } from '@quire/client';
import type { Document } from '@quire/document';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { fileUrlResolver, pageUrlResolver } from './content-links.js';
import {
  type ApiAccess,
  type RevisionPage,
  readFileUrls,
  readPage,
  readPageTree,
  readPublishedSite,
  resolveUrl,
  type SiteContent,
  searchSite,
} from './published-reads.js';
import {
  credentialsInUrl,
  keepCredentials,
  keptCredentials,
  withoutCredentials,
} from './reader-credentials.js';
import { createRenderedPages } from './rendered-pages.js';
import {
  currentSiteSpace,
  findPage,
  neighbours,
  pageHref,
  readingOrder,
} from './site-navigation.js';
import { customizationOf, siteProps } from './site-props.js';
import {
  renderNotFound,
  renderSearchResults,
  renderSitePage,
  type SiteProps,
} from './views/index.js';

/** How the site app reaches the API. */
export interface SiteAppOptions {
  api: ApiAccess;
}

/** What one reader's request opened: the content, and the client that reads it. */
interface Visit {
  content: SiteContent;
  reader: QuireClient;
}

/**
 * The published-site app: every GET is a reader's URL, resolved through the API
 * (`resolvePublishedContentByUrl`) and read with the token it answers, so a reader sees exactly
 * what the API lets them read. Pages are rendered on the server and work without a script.
 * @example const site = createSiteApp({ api: { baseUrl: 'http://127.0.0.1:8080' } });
 */
export function createSiteApp({ api }: SiteAppOptions): Hono {
  const app = new Hono({ strict: false });
  const rendered = createRenderedPages();

  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const inUrl = credentialsInUrl(url);
    if (inUrl !== undefined) {
      // The credentials open the site once, are kept in cookies, and leave the URL.
      const resolution = await resolveUrl(api, url.toString(), {});
      if (resolution.kind === 'redirect') return c.redirect(resolution.location, 302);
      if (resolution.kind === 'none') return notFound(c);
      keepCredentials(c, resolution.content, inUrl);
      return c.redirect(withoutCredentials(url), 302);
    }
    const kept = keptCredentials(c, url);
    const resolution = await resolveUrl(api, kept.url, {
      ...(kept.jwtToken === undefined ? {} : { jwtToken: kept.jwtToken }),
    });
    if (resolution.kind === 'redirect') return c.redirect(resolution.location, 302);
    if (resolution.kind === 'none') return notFound(c);
    const visit = { content: resolution.content, reader: resolution.reader };
    const path = visit.content.pathname;
    if (path === '~search') return searchPage(c, visit, url.searchParams.get('q') ?? '');
    if (path === '~search.json') return searchJson(c, visit, url.searchParams.get('q') ?? '');
    if (path.endsWith('.md')) return markdownPage(c, visit, path.slice(0, -'.md'.length));
    return sitePage(c, visit);
  });

  async function sitePage(c: Context, { content, reader }: Visit) {
    const site = await readPublishedSite(reader, content);
    const siteSpace = currentSiteSpace(site, content);
    if (siteSpace === undefined) return notFound(c);
    const revisionId = siteSpace.space.revision;
    const pages = await readPageTree(reader, content.space, revisionId);
    const target = pageAt(pages, content.pathname);
    if (target === undefined || !('path' in target)) {
      return notFound(c, siteProps(site, content, pages, undefined));
    }
    const place = { spaceId: content.space, revisionId, pagePath: target.path };
    const key = [revisionId, target.id, content.contextId ?? '', content.basePath].join('\u0000');
    const page = await readPage(reader, place, 'document');
    if (page === undefined || !('document' in page) || page.document === undefined) {
      return notFound(c, siteProps(site, content, pages, undefined));
    }
    // The contract's JSON document is the document model's, as the API writes it.
    const body = page.document as unknown as Document;
    const html = await rendered.get(
      key,
      async () => body,
      async () => ({
        resolvePageUrl: pageUrlResolver(pages, content, target),
        resolveFileUrl: fileUrlResolver(await readFileUrls(reader, content.space, revisionId)),
      }),
    );
    const paginated = customizationOf(site, content).pagination?.enabled !== false;
    const around = paginated ? neighbours(pages, content, target.id) : {};
    setCaching(c, site.site.visibility === 'public');
    return c.html(
      renderSitePage({
        site: siteProps(site, content, pages, target.id),
        page: {
          title: page.title,
          ...('description' in page && page.description !== undefined
            ? { description: page.description }
            : {}),
          ...('emoji' in page && page.emoji !== undefined ? { emoji: page.emoji } : {}),
          html: html.html,
          headings: html.headings,
          canonicalUrl: new URL(pageHref(content, target.path), content.canonicalUrl).toString(),
          markdownHref: `${pageHref(content, target.path)}.md`,
          ...around,
        },
      }),
    );
  }

  async function markdownPage(c: Context, { content, reader }: Visit, path: string) {
    const site = await readPublishedSite(reader, content);
    const siteSpace = currentSiteSpace(site, content);
    if (siteSpace === undefined) return notFound(c);
    const page = await readPage(
      reader,
      { spaceId: content.space, revisionId: siteSpace.space.revision, pagePath: path },
      'markdown',
    );
    if (page === undefined || !('markdown' in page) || typeof page.markdown !== 'string') {
      return notFound(c);
    }
    setCaching(c, site.site.visibility === 'public');
    c.header('Content-Type', 'text/markdown; charset=utf-8');
    return c.body(`# ${page.title}\n\n${page.markdown}`);
  }

  async function searchPage(c: Context, visit: Visit, query: string) {
    const { content, reader } = visit;
    const site = await readPublishedSite(reader, content);
    const siteSpace = currentSiteSpace(site, content);
    const pages =
      siteSpace === undefined
        ? []
        : await readPageTree(reader, content.space, siteSpace.space.revision);
    const results = query.trim() === '' ? [] : await searchResults(visit, query);
    c.header('Cache-Control', 'private, no-store');
    return c.html(
      renderSearchResults({ site: siteProps(site, content, pages, undefined), query, results }),
    );
  }

  async function searchJson(c: Context, visit: Visit, query: string) {
    c.header('Cache-Control', 'private, no-store');
    return c.json(query.trim() === '' ? [] : await searchResults(visit, query));
  }

  async function searchResults({ content, reader }: Visit, query: string) {
    const spaces = await searchSite(reader, content, query.slice(0, 512));
    return spaces.flatMap((space) =>
      space.pages.map((page) => ({
        title: page.title,
        // Results of other site spaces open through the site's root, which resolves them.
        href:
          space.id === content.space
            ? pageHref(content, page.path)
            : `${content.siteBasePath}${page.path}`,
        ...(page.sections?.[0]?.body === undefined ? {} : { excerpt: page.sections[0].body }),
      })),
    );
  }

  return app;
}

/** The page a path names; the first readable page for the site space's root. */
function pageAt(pages: readonly RevisionPage[], path: string): RevisionPage | undefined {
  if (path === '') return readingOrder(pages)[0];
  const page = findPage(pages, (item) => 'path' in item && item.path === path);
  // A group opens on its first page.
  if (page?.type === 'group') return readingOrder(page.pages)[0];
  return page;
}

function notFound(c: Context, site?: SiteProps) {
  c.header('Cache-Control', 'private, no-store');
  return c.html(renderNotFound(site === undefined ? {} : { site }), 404);
}

/** Public sites may be kept by shared caches for a minute; others only by the reader's browser. */
function setCaching(c: Context, isPublic: boolean) {
  c.header(
    'Cache-Control',
    isPublic ? 'public, max-age=60' : 'private, max-age=0, must-revalidate',
  );
}
