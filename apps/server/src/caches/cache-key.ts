/**
 * A cache's key: what is kept first, then the parts that say which one. Each cache names the
 * shapes of its keys as a union of these, so a key is checked where it is made; the text a key
 * is stored under is made only here.
 */
export type CacheKey = readonly [kind: string, ...parts: (string | number)[]];

/** The text `key` is stored under: its parts joined by a character no part contains. */
export function cacheKeyText(key: CacheKey): string {
  return key.join('\u0000');
}
