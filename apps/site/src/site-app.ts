import { Hono } from 'hono';
import { llmsFullTxt, llmsTxt, markdownPage, robotsTxt, sitemapXml } from './agent-files.js';
import { createPageTrees } from './page-trees.js';
import { type ApiAccess, readPublishedSite, resolveUrl } from './published-reads.js';
import {
  credentialsInUrl,
  keepCredentials,
  keptCredentials,
  withCredentials,
  withoutCredentials,
} from './reader-credentials.js';
import { askPage, askStream, rateAsked } from './site-ask.js';
import { answerMcp, mcpPath } from './site-mcp.js';
import { createSitePages, notFound, setCaching } from './site-pages.js';
import { searchJson, searchPage } from './site-search.js';
import type { Visit } from './visit.js';

/** How the site app reaches the API, and what the server it runs in adds to its answers. */
export interface SiteAppOptions {
  api: ApiAccess;
  /**
   * Headers the answer to `request` must carry, from the server the app runs in (its request id,
   * its rate limits). They go on the answer as it is made: set on it afterwards, they would copy
   * a page's HTML into a new answer.
   */
  headersFor?: (request: Request) => Record<string, string> | undefined;
}

/**
 * The published-site app: every GET is a reader's URL, resolved through the API
 * (`resolvePublishedContentByUrl`) and read with the token it answers, so a reader sees exactly
 * what the API lets them read. Pages are rendered on the server and work without a script.
 * @example const site = createSiteApp({ api: { baseUrl: 'http://127.0.0.1:8080' } });
 */
export function createSiteApp({ api, headersFor }: SiteAppOptions): Hono {
  const app = new Hono({ strict: false });
  const trees = createPageTrees();
  const sitePage = createSitePages(trees);

  if (headersFor !== undefined) {
    app.use('*', async (c, next) => {
      for (const [name, value] of Object.entries(headersFor(c.req.raw) ?? {})) {
        c.header(name, value);
      }
      await next();
    });
  }

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const isMcp = url.pathname.endsWith(`/${mcpPath}`);
    // The Ask page's rating form is the one form a reader posts.
    const isRating = url.pathname.endsWith('/~ask.rate');
    if (isRating && c.req.method !== 'POST') {
      c.header('Allow', 'POST');
      return c.text('Method Not Allowed', 405);
    }
    if (!isMcp && !isRating && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return c.text('Method Not Allowed', 405);
    }
    const inUrl = credentialsInUrl(url);
    // An agent's MCP client sends the same URL every time: its credentials stay in it.
    if (inUrl !== undefined && !isMcp) {
      // The credentials open the site once, are kept in cookies, and leave the URL.
      const resolution = await resolveUrl(api, url.toString(), {});
      if (resolution.kind === 'redirect') {
        // A redirect within the site keeps the credentials that open it, as a page would.
        const there = resolution.inSite
          ? await resolveUrl(api, withCredentials(resolution.location, inUrl), {})
          : undefined;
        if (there?.kind === 'content') keepCredentials(c, there.content, inUrl);
        return c.redirect(resolution.location, resolution.status);
      }
      if (resolution.kind === 'none') return notFound(c);
      keepCredentials(c, resolution.content, inUrl);
      return c.redirect(withoutCredentials(url), 302);
    }
    const kept = keptCredentials(c, url);
    const visitor = kept.jwtToken === undefined ? {} : { jwtToken: kept.jwtToken };
    const resolution = await resolveUrl(api, kept.url, visitor);
    if (resolution.kind === 'redirect') return c.redirect(resolution.location, resolution.status);
    if (resolution.kind === 'none') return notFound(c);
    const { content, reader } = resolution;
    const visit: Visit = { content, reader, site: await readPublishedSite(reader, content) };
    const isPublic = visit.site.site.visibility === 'public';
    const atRoot = content.basePath === content.siteBasePath;
    const query = url.searchParams.get('q') ?? '';
    const path = content.pathname;
    const agentsIncluded = visit.site.site.agentsContext === 'included';

    if (isMcp) {
      if (path !== mcpPath) return notFound(c);
      return answerMcp(c.req.raw, visit, { api, visitor, url: new URL(kept.url) });
    }
    if (path === '~search') return searchPage(c, visit, query, trees);
    if (path === '~search.json') return searchJson(c, visit, query);
    if (path === '~ask') return askPage(c, visit, trees);
    if (path === '~ask.stream') return askStream(c, visit, trees);
    if (path === '~ask.rate') return rateAsked(c, visit);
    setCaching(c, isPublic);
    if (atRoot && path === 'robots.txt') return robotsTxt(c, visit);
    if (atRoot && path === 'sitemap.xml') {
      return isPublic ? sitemapXml(c, visit, trees) : notFound(c);
    }
    if (atRoot && agentsIncluded && path === 'llms.txt') return llmsTxt(c, visit, trees);
    if (atRoot && agentsIncluded && path === 'llms-full.txt') return llmsFullTxt(c, visit, trees);
    if (path.endsWith('.md')) {
      return (await markdownPage(c, visit, path.slice(0, -'.md'.length))) ?? notFound(c);
    }
    return sitePage(c, visit);
  });

  return app;
}
