import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze.js';
import type { Database, Executor } from '../schema.js';

/**
 * What tells whether a database may have changed: a value that moves with every committed change,
 * or `undefined` when it cannot be told (nothing is then served from the cache).
 */
export interface ChangeVersion {
  current(): string | undefined;
}

interface ReadCache {
  version: ChangeVersion;
  entries: LRUCache<string, { version: string; value: { read: unknown } }>;
}

const caches = new WeakMap<Executor, ReadCache>();

/**
 * Lets `cachedRead` keep what it reads on `db` for as long as `version` does not move. Reads in
 * a transaction (a `Transaction` is never registered) are never cached.
 */
export function enableReadCache(
  db: Kysely<Database>,
  version: ChangeVersion,
  maxEntries = 10_000,
): void {
  caches.set(db, { version, entries: new LRUCache({ max: maxEntries }) });
}

/**
 * What `load` reads, from the cache when the database has not changed since it was kept. The
 * version is taken before `load` runs, so a change committed meanwhile makes the entry stale at
 * once. Values are frozen: everyone who asks gets the same object.
 */
export async function cachedRead<Value>(
  db: Executor,
  key: string,
  load: () => Promise<Value>,
): Promise<Value> {
  const cache = caches.get(db);
  const version = cache?.version.current();
  if (cache === undefined || version === undefined) return load();
  const kept = cache.entries.get(key);
  if (kept !== undefined && kept.version === version) {
    // The entry was stored from a `load` of this same key, so it holds that load's type.
    return kept.value.read as Value;
  }
  const read = deepFreeze(await load());
  cache.entries.set(key, { version, value: { read } });
  return read;
}

/**
 * The version `cachedRead` keeps entries under on `db` now, or `undefined` when nothing may be
 * kept. A value computed from cached reads alone stays exact for as long as this does not move.
 */
export function readCacheVersion(db: Executor): string | undefined {
  return caches.get(db)?.version.current();
}
