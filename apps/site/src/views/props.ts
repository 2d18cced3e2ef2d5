import type { components } from '@quire/contract';
import type { RenderedHeading } from '@quire/render';

type Schemas = components['schemas'];

/**
 * A site's customization, as read (`SiteCustomization`) or as set: every key is optional here, so
 * a read passes as it is and a test can give only what it checks.
 */
export type Customization = Schemas['SiteCustomizationSettings'];

/** A link the handler has resolved: what it says and where it goes. */
export interface Link {
  title: string;
  /** A URL the reader's browser can follow: absolute, or relative to the site's origin. */
  href: string;
}

/** A link of the site's header: a link, a button, or a menu of links (with or without its own). */
export interface HeaderLink {
  title: string;
  /** Where the link itself goes; absent for a menu of `links` only. */
  href?: string;
  style?: Schemas['SiteHeaderLink']['style'];
  /** The links of its menu, shown as a disclosure. */
  links?: Link[];
}

/** An entry among siblings of which one is where the reader is: a section, a variant. */
export interface NavEntry extends Link {
  active: boolean;
  /** An emoji shown before the title: a character, or code points (`1f680`). */
  emoji?: string;
  /** A Font Awesome icon name, as the content's icons are written (`rocket`). */
  icon?: string;
}

/** One item of the sidebar's page tree; hidden pages are left out by the handler. */
export interface PageTreeItem {
  /** `document` is a page, `group` a heading over its pages, `link` a link out of the tree. */
  type: Schemas['RevisionPage']['type'];
  title: string;
  /** A character, or code points (`1f680`) as the API may give them. */
  emoji?: string;
  /** Where the item goes; groups have none. */
  href?: string;
  /** Whether this is the page shown. */
  active?: boolean;
  /** The pages under it, in order. */
  pages: PageTreeItem[];
}

/** A titled group of links in the site's footer. */
export interface FooterGroup {
  title: string;
  links: Link[];
}

/** Where the site's search is served. */
export interface SearchLinks {
  /** The results page: a GET form submits `?q=` to it, so search works without a script. */
  href: string;
  /**
   * A JSON endpoint answering GET `?q=` with `[{ title, href, excerpt }]`; when given, a small
   * script shows results while the reader types.
   */
  apiHref?: string;
  /** The Ask page, linked beside the search form. */
  askHref?: string;
}

/** What is the same on every page of one site space: its chrome around the content. */
export interface SiteProps {
  /** The title to show (the customization's title when it sets one). */
  title: string;
  /** The site's home page. */
  homeHref: string;
  /**
   * What the views read as it is: styling (colours, tint, corners, fonts, sidebar, links),
   * themes, favicon, `header.logo`, footer logo and copyright, the announcement's switch,
   * message and style, pagination, trademark, `externalLinks.target`, `socialPreview.url` and
   * the locale. Its links (header, footer, announcement) are not read from here: they come
   * resolved, below.
   */
  customization: Customization;
  /** The language of the pages (BCP 47). Default: the customization's locale, else `en`. */
  language?: string;
  /** Whether search engines are asked not to index the site (unlisted sites). */
  noIndex?: boolean;
  /** The header's links, resolved from `customization.header.links`. */
  headerLinks?: HeaderLink[];
  /** The site's section tabs; shown when there are two or more. */
  sections?: NavEntry[];
  /** The site spaces a reader can switch between (variants, versions, languages); shown at 2+. */
  siteSpaces?: NavEntry[];
  /** What the site spaces are, naming the switcher. Default: `Variants`. */
  siteSpacesLabel?: string;
  /** The sidebar's page tree. */
  pages: PageTreeItem[];
  /** The footer's groups, resolved from `customization.footer.groups`. */
  footerGroups?: FooterGroup[];
  /** The announcement's link, resolved from `customization.announcement.link`. */
  announcementLink?: Link;
  search: SearchLinks;
}

/** What one response needs beyond the site. */
export interface DocumentOptions {
  /** A CSP nonce for the inline `<style>` and `<script>` elements. */
  nonce?: string;
}

/** The page being read. */
export interface PageProps {
  title: string;
  description?: string;
  /** A character, or code points (`1f680`). */
  emoji?: string;
  /** The rendered content, already sanitized by `@quire/render`; inserted as it is. */
  html: string;
  /** The content's headings; those of depth 2 and 3 make the outline. */
  headings: RenderedHeading[];
  /** The page's absolute URL, for `<link rel="canonical">` and `og:url`. */
  canonicalUrl?: string;
  /** Other versions of the page (its meta links' alternates), for `<link rel="alternate">`. */
  alternateUrls?: string[];
  /** The page as Markdown, for agents. */
  markdownHref?: string;
  /** The page before, shown when the customization's pagination is on. */
  previous?: Link;
  /** The page after, shown when the customization's pagination is on. */
  next?: Link;
}

/** A page of the site. */
export interface SitePageProps extends DocumentOptions {
  site: SiteProps;
  page: PageProps;
}

/** One search result. */
export interface SearchResult {
  title: string;
  href: string;
  /** Plain text around the match; escaped when rendered. */
  excerpt?: string;
}

/** The search results page. */
export interface SearchResultsProps extends DocumentOptions {
  site: SiteProps;
  /** What the reader searched for; empty before a search. */
  query: string;
  results: SearchResult[];
}

/** An answer to a reader's question, as the Ask page shows it. */
export interface AskAnswer {
  /** The answer's id: what a follow-up and a rating name; absent for an answer not recorded. */
  id?: string;
  /** The answer rendered from its Markdown (only links to the site's own pages in it). */
  html: string;
  sources: Link[];
  /** Follow-up questions, each a link that asks it in the same conversation. */
  followups: Link[];
}

/** The Ask page: the form, and the answer to the question asked, or why there is none. */
export interface AskPageProps extends DocumentOptions {
  site: SiteProps;
  question: string;
  /** The conversation's random id, kept by the form (no cookie). */
  session: string;
  askHref: string;
  streamHref: string;
  rateHref: string;
  answer?: AskAnswer;
  failure?: string;
  rated?: boolean;
}

/** The page for an address that leads nowhere. */
export interface NotFoundProps extends DocumentOptions {
  /** The site the address belongs to, when known: its chrome and navigation are shown. */
  site?: SiteProps;
}
