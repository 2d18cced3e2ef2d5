import { LRUCache } from 'lru-cache';
import { deepFreeze } from '../../deep-freeze.js';
import type { Executor } from '../schema.js';
import { type TableVersions, tableVersionsOf } from './table-versions.js';

const caches = new WeakMap<
  TableVersions,
  LRUCache<string, { version: string; value: { read: unknown } }>
>();

function cacheOf(versions: TableVersions) {
  let cache = caches.get(versions);
  if (cache === undefined) {
    cache = new LRUCache({ max: 10_000 });
    caches.set(versions, cache);
  }
  return cache;
}

/**
 * What `load` reads from `tables`, kept for as long as none of them changes: unlike `cachedRead`,
 * writes to other tables leave it alone, and it serves reads in transactions too (the versions
 * are unknown while one of this process's writes to the tables is uncommitted, and then `load`
 * runs). The versions are taken before `load` runs, so a change committed meanwhile makes the
 * entry stale at once. `load` must read only `tables`, and only rows their statements name:
 * rows changed through foreign keys or triggers do not move the versions. Values are frozen.
 * @example await cachedTableRead(trx, ['webhooks'], `active-webhooks:${id}`, () => load(trx));
 */
export async function cachedTableRead<Value>(
  db: Executor,
  tables: readonly string[],
  key: string,
  load: () => Promise<Value>,
): Promise<Value> {
  const versions = tableVersionsOf(db);
  if (versions === undefined) return load();
  let version = '';
  for (const table of tables) {
    const current = versions.current(table);
    if (current === undefined) return load();
    version += `${current};`;
  }
  const cache = cacheOf(versions);
  const kept = cache.get(key);
  if (kept !== undefined && kept.version === version) {
    // The entry was stored from a `load` of this same key, so it holds that load's type.
    return kept.value.read as Value;
  }
  const read = deepFreeze(await load());
  cache.set(key, { version, value: { read } });
  return read;
}
