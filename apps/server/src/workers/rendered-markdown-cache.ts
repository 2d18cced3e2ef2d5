import { LRUCache } from 'lru-cache';

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
  const rendered = new LRUCache<string, string>({
    maxSize: maxCharacters,
    // lru-cache needs every size to be a positive integer, an empty page included.
    sizeCalculation: (markdown) => Math.max(1, markdown.length),
  });
  const rendering = new Map<string, Promise<string>>();

  return {
    get(key, render) {
      const cached = rendered.get(key);
      if (cached !== undefined) return Promise.resolve(cached);
      const inFlight = rendering.get(key);
      if (inFlight) return inFlight;
      // A `render` that throws rather than rejects fails the same way.
      const started = new Promise<string>((resolve) => resolve(render())).then(
        (markdown) => {
          rendering.delete(key);
          rendered.set(key, markdown);
          return markdown;
        },
        (error: unknown) => {
          rendering.delete(key);
          throw error;
        },
      );
      rendering.set(key, started);
      return started;
    },
  };
}
