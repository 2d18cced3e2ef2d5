import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../deep-freeze.js';
import { approximateBytes } from './byte-size.js';
import { type CacheKey, cacheKeyText } from './cache-key.js';

/** Values read from a database, each kept with the version it was read at. */
export interface VersionedEntries {
  /**
   * The value kept under `key` when it was read at `version`, or else what `load` reads, kept
   * frozen under `version`: the version taken before the read, so a change committed meanwhile
   * makes the entry stale at once.
   */
  read<Value>(key: CacheKey, version: string, load: () => Promise<Value>): Promise<Value>;
}

/** Entries bounded by their approximate size, least recently used evicted first. */
export function createVersionedEntries(maxBytes: number): VersionedEntries {
  const entries = new LRUCache<string, { version: string; value: { read: unknown } }>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) =>
      Math.max(1, key.length * 2 + approximateBytes(entry.value.read)),
  });
  return {
    async read<Value>(key: CacheKey, version: string, load: () => Promise<Value>): Promise<Value> {
      const text = cacheKeyText(key);
      const kept = entries.get(text);
      if (kept !== undefined && kept.version === version) {
        // The entry was stored from a `load` of this same key, so it holds that load's type.
        return kept.value.read as Value;
      }
      const read = deepFreeze(await load());
      entries.set(text, { version, value: { read } });
      return read;
    },
  };
}
