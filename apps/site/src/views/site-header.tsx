/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { HeaderLinks } from './header-links.js';
import { LABELS } from './labels.js';
import type { SiteProps } from './props.js';
import { THEME_TOGGLE_ID } from './scripts/theme-script.js';
import { SearchForm } from './search-form.js';
import { SectionTabs } from './section-tabs.js';
import { SiteSpaceSwitcher } from './site-space-switcher.js';
import type { ThemeMode } from './theme-mode.js';
import { ThemedImg } from './themed-image.js';

/** The id of the sidebar's page tree, which narrow screens show after the content. */
export const PAGE_TREE_ID = 'site-pages';

/**
 * The site's header: its logo (or title) linking home, a link to the page tree on narrow
 * screens, its links, the site-space switcher, search, the theme toggle and the section tabs.
 * The toggle is `hidden` until the theme script shows it: without a script it could do nothing.
 */
export function SiteHeader(props: { site: SiteProps; theme: ThemeMode; query?: string }) {
  const { site, theme } = props;
  const logo = site.customization.header?.logo;
  return (
    <header class="site-header">
      <div class="header-bar">
        <a class="site-logo" href={site.homeHref}>
          {logo?.light || logo?.dark ? <ThemedImg image={logo} alt={site.title} /> : site.title}
        </a>
        {site.pages.length > 0 && (
          <a class="menu-link" href={`#${PAGE_TREE_ID}`}>
            {LABELS.menu}
          </a>
        )}
        <HeaderLinks links={site.headerLinks ?? []} label={LABELS.siteLinks} />
        <SiteSpaceSwitcher
          entries={site.siteSpaces ?? []}
          label={site.siteSpacesLabel ?? LABELS.defaultSiteSpacesLabel}
        />
        <SearchForm search={site.search} query={props.query} />
        {theme.toggleable && (
          <button
            type="button"
            id={THEME_TOGGLE_ID}
            class="theme-toggle"
            aria-pressed="false"
            hidden
          >
            <span aria-hidden="true">◐</span>
            <span class="visually-hidden">{LABELS.darkTheme}</span>
          </button>
        )}
      </div>
      <SectionTabs sections={site.sections ?? []} label={LABELS.sections} />
    </header>
  );
}
