import { LRUCache } from 'lru-cache';

/**
 * Rendered Markdown of page bodies by document id. A body document never changes once stored
 * (an edit stores a new one under a new id), so an entry never goes stale and is only evicted,
 * least recently used first, when the cache outgrows its size.
 */
export interface RenderedMarkdownCache {
  /**
   * The Markdown of `documentId`: from the cache, or else from `render`, which runs once for
   * every caller asking for the same id while it runs. A failed render is not cached.
   */
  get(documentId: string, render: () => Promise<string>): Promise<string>;
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
    get(documentId, render) {
      const cached = rendered.get(documentId);
      if (cached !== undefined) return Promise.resolve(cached);
      const inFlight = rendering.get(documentId);
      if (inFlight) return inFlight;
      // A `render` that throws rather than rejects fails the same way.
      const started = new Promise<string>((resolve) => resolve(render())).then(
        (markdown) => {
          rendering.delete(documentId);
          rendered.set(documentId, markdown);
          return markdown;
        },
        (error: unknown) => {
          rendering.delete(documentId);
          throw error;
        },
      );
      rendering.set(documentId, started);
      return started;
    },
  };
}
