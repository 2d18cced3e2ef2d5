/**
 * The published site's views: pure functions from plain data to whole HTML documents. The
 * request handler loads and resolves everything (pages, hrefs, access) and passes it in;
 * nothing here fetches or builds an API call.
 */

export { renderAskPage } from './ask-page.js';
export { renderNotFound } from './not-found.js';
export type {
  AskAnswer,
  AskPageProps,
  Customization,
  DocumentOptions,
  FooterGroup,
  HeaderLink,
  Link,
  NavEntry,
  NotFoundProps,
  PageProps,
  PageTreeItem,
  SearchLinks,
  SearchResult,
  SearchResultsProps,
  SitePageProps,
  SiteProps,
} from './props.js';
export { renderSearchResults } from './search-results.js';
export { renderSitePage } from './site-page.js';
