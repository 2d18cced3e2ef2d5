import { createContentCache } from './content-cache.js';

/**
 * Rendered Markdown of page bodies, keyed by document id (and, for a rendering that depends on
 * where the page sits, by that too). A body document never changes once stored (an edit stores a
 * new one under a new id), so an entry never goes stale and is only evicted, least recently used
 * first, when the cache outgrows its size.
 */
export interface RenderedMarkdownCache {
  /**
   * The Markdown under `key`: from the cache, or else from `render`, which runs once for every
   * caller asking for the same key while it runs. A failed render is not cached.
   */
  get(key: string, render: () => Promise<string>): Promise<string>;
}

export interface RenderedMarkdownCacheOptions {
  /** Most characters of Markdown kept, all entries together. A larger entry is not kept. */
  maxCharacters?: number;
}

const defaultMaxCharacters = 64 * 1024 * 1024;

/**
 * @example
 * const cache = createRenderedMarkdownCache();
 * const markdown = await cache.get(page.documentId, async () =>
 *   converter.toMarkdown(await loadDocument(page.documentId)),
 * );
 */
export function createRenderedMarkdownCache({
  maxCharacters = defaultMaxCharacters,
}: RenderedMarkdownCacheOptions = {}): RenderedMarkdownCache {
  return createContentCache<string>({
    maxSize: maxCharacters,
    sizeOf: (markdown) => markdown.length,
  });
}
