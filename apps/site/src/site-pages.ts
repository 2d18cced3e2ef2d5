import { createHash } from 'node:crypto';
import { fromGitBookDocument, variableValues } from '@quire/document';
import { openAPIReferences } from '@quire/render';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { fileUrlResolver, pageUrlResolver } from './content-links.js';
import { answerHtml, contentSecurityPolicy, htmlHeaders } from './html-answers.js';
import { latestSpecVersions, readOpenAPISpecs } from './openapi-specs.js';
import { withoutRepeatedTitle } from './page-body.js';
import { metaLinkUrls } from './page-meta-links.js';
import type { PageTrees } from './page-trees.js';
import {
  type RevisionPage,
  readFileUrls,
  readPage,
  readPageMetaLinks,
  readVariables,
} from './published-reads.js';
import { createRenderedPages } from './rendered-pages.js';
import { readReusableContents } from './reusable-contents.js';
import { findPage, neighbours, pageHref, readingOrder } from './site-navigation.js';
import { customizationOf, framingOrigins, siteProps } from './site-props.js';
import { renderNotFound, renderSitePage, type SiteProps } from './views/index.js';
import { currentPages, type Visit } from './visit.js';

// A page's HTML holds file download URLs signed for an hour from when they were read.
const keptForMs = 30 * 60 * 1000;

/** Serves the pages of published sites as HTML. */
export type SitePages = (c: Context, visit: Visit) => Promise<Response>;

/**
 * A page's HTML depends on the site's profile (structure, customization), the revision shown,
 * the page path, the visitor's claims, where the site is served and the versions of the OpenAPI
 * specs it shows, and on nothing else: that is its ETag, readers' caches revalidate against it (304), and the HTML is kept under it.
 * Only the URL's resolution and the profile are read on every request.
 * @example const pages = createSitePages(trees); return pages(c, visit);
 */
export function createSitePages(trees: PageTrees): SitePages {
  const contents = createRenderedPages();
  // Kept as the bytes sent, so a page served again is not encoded again.
  const kept = new LRUCache<string, { html: Uint8Array<ArrayBuffer>; csp: string }>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: ({ html, csp }) => Math.max(1, html.byteLength + csp.length),
    ttl: keptForMs,
  });
  const sendHtml = (c: Context, { html, csp }: { html: Uint8Array<ArrayBuffer>; csp: string }) => {
    for (const [name, value] of Object.entries(htmlHeaders(csp))) c.header(name, value);
    return c.body(html);
  };

  // The specs each page's OpenAPI blocks show, learnt when it is rendered: while their latest
  // versions stay, so do the page's ETag and HTML.
  const specsOfPages = new LRUCache<string, string[]>({ max: 10_000 });

  return async function sitePage(c, visit) {
    const { content, site } = visit;
    const opened = await currentPages(visit, trees);
    if (opened === undefined) return notFound(c);
    const pageKey = [
      opened.siteSpace.space.revision,
      content.pathname,
      content.contextId ?? '',
      content.basePath,
    ].join('\u0000');
    const specs = specsOfPages.get(pageKey) ?? [];
    const specVersions =
      specs.length === 0 ? [] : await latestSpecVersions(visit.reader, content.organization, specs);
    const etag = etagOf(visit, opened.siteSpace.space.revision, specVersions);
    setCaching(c, site.site.visibility === 'public');
    c.header('ETag', etag);
    if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    const cached = kept.get(etag);
    if (cached !== undefined) return sendHtml(c, cached);

    const { pages } = opened;
    const revisionId = opened.siteSpace.space.revision;
    const target = pageAt(pages, content.pathname);
    if (target === undefined || !('path' in target)) {
      return notFound(c, siteProps(site, content, pages, undefined));
    }
    const place = { spaceId: content.space, revisionId, pagePath: target.path };
    const key = [
      revisionId,
      target.id,
      content.contextId ?? '',
      content.basePath,
      ...specVersions,
    ].join('\u0000');
    // The body is read only when its rendering is not kept already.
    const rendered = await contents.get(
      key,
      async () => {
        const page = await readPage(visit.reader, place, 'document');
        if (page === undefined || !('document' in page) || page.document === undefined) {
          return undefined;
        }
        // The API answers GitBook's JSON document; the renderer reads the document model.
        return withoutRepeatedTitle(fromGitBookDocument(page.document), page.title);
      },
      async (document) => {
        const references = openAPIReferences(document);
        const openAPISpecs = await readOpenAPISpecs(visit.reader, content.organization, references);
        specsOfPages.set(pageKey, [...openAPISpecs.keys()].sort());
        // Reusable contents are read from the same revision, so the key above covers them.
        const included = await readReusableContents(visit.reader, place, document);
        return {
          resolvePageUrl: pageUrlResolver(pages, content, target),
          resolveFileUrl: fileUrlResolver(
            await readFileUrls(visit.reader, content.space, revisionId),
          ),
          resolveOpenAPISpec: (reference) =>
            'spec' in reference ? openAPISpecs.get(reference.spec) : undefined,
          resolveReusableContent: (reusableContentId) => included.get(reusableContentId),
          resolveExpression: variableValues({
            space: await readVariables(visit.reader, content.space, revisionId),
            page: ('variables' in target ? target.variables : undefined) ?? {},
          }),
        };
      },
    );
    if (rendered === undefined) return notFound(c, siteProps(site, content, pages, undefined));
    const paginated = customizationOf(site, content).pagination?.enabled !== false;
    const href = pageHref(content, target.path);
    const links = metaLinkUrls(
      await readPageMetaLinks(visit.reader, {
        spaceId: content.space,
        revisionId,
        pageId: target.id,
      }),
      pages,
      content,
    );
    const out = renderSitePage({
      site: siteProps(site, content, pages, target.id),
      page: {
        title: target.title,
        ...('description' in target && target.description !== undefined
          ? { description: target.description }
          : {}),
        ...('emoji' in target && target.emoji !== undefined ? { emoji: target.emoji } : {}),
        html: rendered.html,
        headings: rendered.headings,
        // The page's own URL unless its meta links name another version as canonical.
        canonicalUrl: links.canonical ?? new URL(href, content.canonicalUrl).toString(),
        ...(links.alternates.length === 0 ? {} : { alternateUrls: links.alternates }),
        markdownHref: `${href}.md`,
        ...(paginated ? neighbours(pages, content, target.id) : {}),
      },
    });
    const answer = {
      html: new Uint8Array(new TextEncoder().encode(out)),
      csp: contentSecurityPolicy(out, framingOrigins(site, content)),
    };
    kept.set(etag, answer);
    return sendHtml(c, answer);
  };
}

function etagOf({ content, site }: Visit, revisionId: string, specVersions: string[]): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(site))
    .update('\u0000')
    .update(
      [
        revisionId,
        content.siteSpace,
        content.pathname,
        content.contextId ?? '',
        content.basePath,
        new URL(content.canonicalUrl).origin,
        ...specVersions,
      ].join('\u0000'),
    )
    .digest('base64url');
  return `"${hash.slice(0, 32)}"`;
}

/** Whether `If-None-Match` names this ETag (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The page a path names; the first readable page for the site space's root. */
function pageAt(pages: readonly RevisionPage[], path: string): RevisionPage | undefined {
  if (path === '') return readingOrder(pages)[0];
  const page = findPage(pages, (item) => 'path' in item && item.path === path);
  // A group opens on its first page.
  if (page?.type === 'group') return readingOrder(page.pages)[0];
  return page;
}

/** The 404 page, with the site's chrome when the site is known. */
export function notFound(c: Context, site?: SiteProps) {
  c.header('Cache-Control', 'private, no-store');
  c.header('ETag', undefined);
  return answerHtml(c, renderNotFound(site === undefined ? {} : { site }), { status: 404 });
}

/**
 * Public sites may be kept by shared caches, revalidated after a minute; other sites' pages only
 * by the reader's browser, revalidated every time.
 */
export function setCaching(c: Context, isPublic: boolean) {
  c.header('Cache-Control', isPublic ? 'public, max-age=60' : 'private, no-cache');
}
