import { LRUCache } from 'lru-cache';
import { insertContentObjects, readContentObjects } from '../../store/content-objects.js';
import type { Executor } from '../../store/schema.js';
import { canonicalJson, contentHash } from './canonical-json.js';
import { storedFormOf } from './document-objects.js';

// Objects never change once written, so a parsed object can be kept for as long as memory allows
// and shared by every request, whatever database process wrote it.
// Values are never mutated once made, by their makers or their readers.
const parsedObjects = new LRUCache<string, { value: unknown }>({ maxSize: 128 * 1024 * 1024 });

function remember(hash: string, text: string, value: unknown): void {
  parsedObjects.set(hash, { value }, { size: text.length + 64 });
}

/**
 * Content objects as one edit or read sees them: reads go through a process-wide cache of parsed
 * objects to the database; writes are kept until {@link ContentObjects.flush}, which stores them
 * in the caller's transaction.
 */
export class ContentObjects {
  private readonly pending = new Map<string, string>();

  constructor(private readonly db: Executor) {}

  /** The object under a hash; a hash the database does not have is a broken revision. */
  async get(hash: string): Promise<unknown> {
    const [value] = await this.getMany([hash]);
    return value;
  }

  /** Several objects in one query for those not cached, in the order asked. */
  async getMany(hashes: readonly string[]): Promise<unknown[]> {
    const missing = hashes.filter((hash) => parsedObjects.get(hash) === undefined);
    if (missing.length > 0) {
      const found = await readContentObjects(this.db, [...new Set(missing)]);
      for (const [hash, text] of found) remember(hash, text, JSON.parse(text));
    }
    return hashes.map((hash) => {
      const entry = parsedObjects.get(hash);
      if (entry === undefined) throw new Error(`Content object ${hash} is missing`);
      return entry.value;
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
    remember(hash, text, value);
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
