/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { LABELS } from './labels.js';
import type { SearchLinks } from './props.js';

/**
 * The search form: a GET form to the results page, so it works without a script. When the
 * site has a search API, `data-search-api` lets the search script show results as one types.
 *
 * @example
 * <SearchForm search={{ href: '/search', apiHref: '/search.json' }} query="install" />
 */
export function SearchForm({ search, query }: { search: SearchLinks; query?: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: `<search>` is recent (2023); a form with the search role is announced as a search landmark by every screen reader.
    <form
      role="search"
      method="get"
      action={search.href}
      class="search-form"
      data-search-api={search.apiHref}
    >
      <label for="search-query" class="visually-hidden">
        {LABELS.search}
      </label>
      <input
        type="search"
        id="search-query"
        name="q"
        value={query}
        placeholder={LABELS.searchPlaceholder}
      />
      <button type="submit">{LABELS.search}</button>
      {search.askHref !== undefined && (
        <a class="ask-link" href={search.askHref}>
          {LABELS.ask}
        </a>
      )}
    </form>
  );
}
