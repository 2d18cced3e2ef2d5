import { approximateBytes } from './byte-size.js';
import { type ContentCache, createContentCache } from './content-cache.js';

/** What a URL was found to be when embedded: its preview, or nothing to show. */
export type EmbedAnswer<Embed> = { embed: Embed } | { embed: null };

/** Previews of embedded URLs, by URL. */
export type EmbedCache<Embed> = ContentCache<EmbedAnswer<Embed>>;

// A page's title and oEmbed change rarely; an hour spares the page's site a fetch for every
// reader while a new title still shows the same day.
const embedTtlMs = 60 * 60 * 1000;

/**
 * Previews of the URLs pages embed, kept an hour each (and less when the cache is full), URLs
 * that have none too: the renderer asks for every embed of every page it renders.
 * @example const cache = createEmbedCache<Embed>({ maxBytes: 2_000_000 });
 */
export function createEmbedCache<Embed>({ maxBytes }: { maxBytes: number }): EmbedCache<Embed> {
  return createContentCache<EmbedAnswer<Embed>>({
    maxSize: maxBytes,
    sizeOf: approximateBytes,
    ttlMs: embedTtlMs,
  });
}
