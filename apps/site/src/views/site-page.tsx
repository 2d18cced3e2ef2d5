/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { DocumentHeadProps } from './document-head.js';
import { htmlDocument } from './html-document.js';
import { PageArticle } from './page-article.js';
import { outlineHeadings, PageOutline } from './page-outline.js';
import type { SitePageProps } from './props.js';
import { SiteLayout } from './site-layout.js';
import { themeMode } from './theme-mode.js';

/**
 * A page of a published site as a whole HTML document: the site's chrome, the page's content,
 * its outline and, when the customization's pagination is on, links to the pages around it.
 * It reads with scripts off; scripts only add the theme toggle and results as one types.
 *
 * @example
 * const html = renderSitePage({
 *   site: { title: 'Acme Docs', homeHref: '/', customization, pages, search: { href: '/search' } },
 *   page: { title: 'Install', html: rendered.html, headings: rendered.headings },
 * });
 * // '<!doctype html><html lang="en">…'
 */
export function renderSitePage({ site, page, nonce }: SitePageProps): string {
  const { customization } = site;
  const head: DocumentHeadProps = {
    title: page.title,
    siteTitle: site.title,
    description: page.description,
    canonicalUrl: page.canonicalUrl,
    alternateUrls: page.alternateUrls,
    noIndex: site.noIndex === true,
    type: 'article',
    customization,
    theme: themeMode(customization),
    markdownHref: page.markdownHref,
    nonce,
  };
  const hasOutline = outlineHeadings(page.headings).length > 0;
  return htmlDocument(
    <SiteLayout
      site={site}
      head={head}
      aside={hasOutline ? <PageOutline headings={page.headings} /> : undefined}
    >
      <PageArticle page={page} paginated={customization.pagination?.enabled !== false} />
    </SiteLayout>,
  );
}
