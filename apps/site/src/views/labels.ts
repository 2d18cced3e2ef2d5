/**
 * The words the site's chrome says, in one place so a translation has one file to replace.
 * Content is in the site's language already; these are English until the chrome is translated.
 */
export const LABELS = {
  skipToContent: 'Skip to content',
  home: 'Home',
  menu: 'Pages',
  siteLinks: 'Site',
  sections: 'Sections',
  sidebar: 'Sidebar',
  pages: 'Pages',
  pagesUnder: (title: string) => `Pages under ${title}`,
  onThisPage: 'On this page',
  pagination: 'Previous and next pages',
  previous: 'Previous',
  next: 'Next',
  viewMarkdown: 'View as Markdown',
  search: 'Search',
  searchPlaceholder: 'Search…',
  searchResultsFor: (query: string) => `Results for “${query}”`,
  resultCount: (count: number) => (count === 1 ? '1 result' : `${count} results`),
  noResults: 'No page matches your search.',
  darkTheme: 'Dark theme',
  announcement: 'Announcement',
  footer: 'Footer',
  poweredBy: 'Powered by Quire',
  notFoundTitle: 'Page not found',
  notFoundMessage: 'The page you asked for does not exist, or it has moved.',
  backHome: 'Go to the home page',
  defaultSiteSpacesLabel: 'Variants',
} as const;
