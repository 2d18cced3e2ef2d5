/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { AnnouncementBanner } from './announcement-banner.js';
import type { DocumentHeadProps } from './document-head.js';
import { LABELS } from './labels.js';
import { MAIN_ID, PageShell } from './page-shell.js';
import { PageTree } from './page-tree.js';
import type { SiteProps } from './props.js';
import { SEARCH_SCRIPT } from './scripts/search-script.js';
import { SiteFooter } from './site-footer.js';
import { PAGE_TREE_ID, SiteHeader } from './site-header.js';
import { themeMode } from './theme-mode.js';

/** The language of the site's pages: the one given, else the customization's locale, else `en`. */
export function siteLanguage(site: SiteProps): string {
  return site.language ?? site.customization.internationalization?.locale ?? 'en';
}

/**
 * The head of a page of the site that search engines must not index (results, answers): its
 * title, the site's, and the site's theme.
 */
export function unindexedHead(site: SiteProps, title: string, nonce?: string): DocumentHeadProps {
  return {
    title,
    siteTitle: site.title,
    noIndex: true,
    type: 'website',
    customization: site.customization,
    theme: themeMode(site.customization),
    nonce,
  };
}

/**
 * A page of the site inside its chrome: announcement, header, the page tree in the sidebar,
 * the main content, an optional aside after it (the outline), and the footer.
 *
 * @example
 * <SiteLayout site={site} head={head}><article>…</article></SiteLayout>
 */
export function SiteLayout(props: {
  site: SiteProps;
  head: DocumentHeadProps;
  /** The search box's text, on the results page. */
  query?: string;
  /**
   * What follows the main content in the layout's grid, such as the page's outline. Leave it out
   * rather than pass an element that renders nothing, so the content takes its room.
   */
  aside?: Child;
  /** Scripts of this page besides the site's own. */
  scripts?: string[];
  children: Child;
}) {
  const { site, head } = props;
  const hasSidebar = site.pages.length > 0;
  const hasAside = props.aside !== undefined && props.aside !== null;
  const layoutClass = ['layout', hasSidebar ? '' : 'layout-bare', hasAside ? '' : 'layout-wide']
    .filter((name) => name !== '')
    .join(' ');
  return (
    <PageShell
      language={siteLanguage(site)}
      head={head}
      scripts={[
        ...(site.search.apiHref === undefined ? [] : [SEARCH_SCRIPT]),
        ...(props.scripts ?? []),
      ]}
    >
      <AnnouncementBanner
        announcement={site.customization.announcement}
        link={site.announcementLink}
      />
      <SiteHeader site={site} theme={head.theme} query={props.query} />
      <div class={layoutClass}>
        {hasSidebar && (
          <aside class="sidebar" aria-label={LABELS.sidebar}>
            <PageTree
              id={PAGE_TREE_ID}
              pages={site.pages}
              newTab={site.customization.externalLinks?.target === 'blank'}
            />
          </aside>
        )}
        <main id={MAIN_ID} tabindex={-1}>
          {props.children}
        </main>
        {props.aside}
      </div>
      <SiteFooter site={site} />
    </PageShell>
  );
}
