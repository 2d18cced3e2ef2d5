/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { htmlDocument } from './html-document.js';
import { LABELS } from './labels.js';
import type { SearchResult, SearchResultsProps } from './props.js';
import { SiteLayout, unindexedHead } from './site-layout.js';

const EXCERPT_LENGTH = 280;

/**
 * An excerpt cut to a few lines at a word boundary: the API may answer a whole section.
 *
 * @example
 * shortExcerpt('Run the installer, then restart.', 16); // 'Run the…'
 */
export function shortExcerpt(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li>
      <h2>
        <a href={result.href}>{result.title}</a>
      </h2>
      {result.excerpt && <p>{shortExcerpt(result.excerpt)}</p>}
    </li>
  );
}

/**
 * The search results page as a whole HTML document: what the search form (with or without a
 * script) leads to. The query stays in the search box; results pages are never indexed.
 *
 * @example
 * const html = renderSearchResults({
 *   site,
 *   query: 'install',
 *   results: [{ title: 'Install', href: '/install', excerpt: 'Run the installer…' }],
 * });
 */
export function renderSearchResults({ site, query, results, nonce }: SearchResultsProps): string {
  const searched = query.trim() !== '';
  const title = searched ? LABELS.searchResultsFor(query) : LABELS.search;
  const head = unindexedHead(site, title, nonce);
  return htmlDocument(
    <SiteLayout site={site} head={head} query={query}>
      <h1>{title}</h1>
      {searched && (
        <p class="search-summary">
          {results.length === 0 ? LABELS.noResults : LABELS.resultCount(results.length)}
        </p>
      )}
      {results.length > 0 && (
        <ol class="search-results">
          {results.map((result) => (
            <ResultItem result={result} />
          ))}
        </ol>
      )}
    </SiteLayout>,
  );
}
