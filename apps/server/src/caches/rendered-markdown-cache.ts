import { cacheKeyText } from './cache-key.js';
import { createContentCache } from './content-cache.js';

/**
 * Rendered Markdown of page bodies, keyed by document id (and, for a rendering that depends on
 * where the page sits, by that too). A body document never changes once stored (an edit stores a
 * new one under a new id), so an entry never goes stale and is only evicted, least recently used
 * first, when the cache outgrows its size.
 */
/**
 * A body's Markdown with relative references, by its document id; with stable references, which
 * also depend on where the page is and on the revision's pages, by those too.
 */
export type RenderedMarkdownKey =
  | readonly ['relative', documentId: string]
  // A body linking pages by id, whose relative links depend on where the page is.
  | readonly ['relative', documentId: string, root: string, path: string]
  | readonly ['stable', documentId: string, root: string, path: string];

export interface RenderedMarkdownCache {
  /**
   * The Markdown under `key`: from the cache, or else from `render`, which runs once for every
   * caller asking for the same key while it runs. A failed render is not cached.
   */
  get(key: RenderedMarkdownKey, render: () => Promise<string>): Promise<string>;
}

export interface RenderedMarkdownCacheOptions {
  /** Most characters of Markdown kept, all entries together. A larger entry is not kept. */
  maxCharacters: number;
}

/**
 * @example
 * const cache = createRenderedMarkdownCache({ maxCharacters: 1e7 });
 * const markdown = await cache.get(['relative', page.documentId], async () =>
 *   converter.toMarkdown(await loadDocument(page.documentId)),
 * );
 */
export function createRenderedMarkdownCache({
  maxCharacters,
}: RenderedMarkdownCacheOptions): RenderedMarkdownCache {
  const kept = createContentCache<string>({
    maxSize: maxCharacters,
    sizeOf: (markdown) => markdown.length,
  });
  return { get: (key, render) => kept.get(cacheKeyText(key), render) };
}
