import { parsedObjectsOf } from '../../caches/database-caches.js';
import type { ParsedObjectCache } from '../../caches/parsed-object-cache.js';
import { insertContentObjects, readContentObjects } from '../../store/content-objects.js';
import type { Executor } from '../../store/schema.js';
import { canonicalJson, contentHash } from './canonical-json.js';
import { storedFormOf } from './document-objects.js';

/** Without a cache on the database (the CLI, migrations), what one edit or read parsed. */
function parsedByThisReader(): ParsedObjectCache {
  const parsed = new Map<string, { value: unknown }>();
  return {
    get: (hash) => parsed.get(hash),
    remember: (hash, _text, value) => parsed.set(hash, { value }),
  };
}

/**
 * Content objects as one edit or read sees them: reads go through the database's cache of parsed
 * objects to the database; writes are kept until {@link ContentObjects.flush}, which stores them
 * in the caller's transaction.
 */
export class ContentObjects {
  private readonly pending = new Map<string, string>();
  private readonly parsed: ParsedObjectCache;

  constructor(private readonly db: Executor) {
    this.parsed = parsedObjectsOf(db) ?? parsedByThisReader();
  }

  /** The object under a hash; a hash the database does not have is a broken revision. */
  async get(hash: string): Promise<unknown> {
    const [value] = await this.getMany([hash]);
    return value;
  }

  /** Several objects in one query for those not cached, in the order asked. */
  async getMany(hashes: readonly string[]): Promise<unknown[]> {
    // What this read found, by hash: the cache may evict an entry before the answer is made
    // (a read larger than its share of `CACHE_MB`), and each hash is looked up in it once.
    const values = new Map<string, unknown>();
    const missing: string[] = [];
    for (const hash of hashes) {
      const entry = this.parsed.get(hash);
      if (entry === undefined) missing.push(hash);
      else values.set(hash, entry.value);
    }
    if (missing.length > 0) {
      for (const [hash, text] of await readContentObjects(this.db, [...new Set(missing)])) {
        const value = JSON.parse(text);
        this.parsed.remember(hash, text, value);
        values.set(hash, value);
      }
    }
    return hashes.map((hash) => {
      if (!values.has(hash)) throw new Error(`Content object ${hash} is missing`);
      return values.get(hash);
    });
  }

  /**
   * Adds an object and answers its hash; the same content always gets the same hash. An object
   * written out and hashed before (a large body, on a worker thread) is not written again.
   */
  put(value: unknown): string {
    const known = storedFormOf(value);
    const text = known?.text ?? canonicalJson(value);
    const hash = known?.hash ?? contentHash(text);
    // Kept even when cached: the cache may hold an object whose transaction rolled back.
    this.pending.set(hash, text);
    this.parsed.remember(hash, text, value);
    return hash;
  }

  /** How many objects {@link flush} would write. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Stores the objects added since the last flush, in `db` (the caller's transaction). */
  async flush(db: Executor): Promise<void> {
    const objects = [...this.pending].map(([hash, data]) => ({ hash, data }));
    this.pending.clear();
    await insertContentObjects(db, objects);
  }
}
