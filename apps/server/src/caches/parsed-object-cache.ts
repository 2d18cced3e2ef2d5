import { LRUCache } from 'lru-cache';

/**
 * Content objects parsed from their stored JSON, by content hash. An object never changes once
 * written, so an entry is never stale, only evicted, and is shared by every request whatever
 * process wrote it. Values are never mutated once made, by their makers or their readers.
 */
export interface ParsedObjectCache {
  get(hash: string): { value: unknown } | undefined;
  /** Keeps `value`, parsed from (or written as) `text`, which its size is counted from. */
  remember(hash: string, text: string, value: unknown): void;
}

/** @example const parsed = createParsedObjectCache({ maxBytes: 128e6 }); */
export function createParsedObjectCache({ maxBytes }: { maxBytes: number }): ParsedObjectCache {
  const entries = new LRUCache<string, { value: unknown }>({ maxSize: maxBytes });
  return {
    get: (hash) => entries.get(hash),
    remember(hash, text, value) {
      // A parsed object takes about twice its JSON text in memory.
      entries.set(hash, { value }, { size: text.length * 2 + 64 });
    },
  };
}
