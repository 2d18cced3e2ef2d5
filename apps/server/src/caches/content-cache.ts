import { LRUCache } from 'lru-cache';

/** Values built from content that never changes under their key, kept least recently used. */
export interface ContentCache<Value> {
  /**
   * The value kept under `key`, or else what `build` makes, which runs once for every caller
   * asking for the same key while it runs. A failed build is not kept. Nothing is ever
   * invalidated, only evicted.
   */
  get(key: string, build: () => Promise<Value>): Promise<Value>;
  /** The value kept under `key`, if there is one; never builds, and leaves it as recently used as it was. */
  peek(key: string): Value | undefined;
}

export interface ContentCacheOptions<Value> {
  /** The most all kept values may weigh together, in the units of `sizeOf`. */
  maxSize: number;
  sizeOf(value: Value): number;
  /** What happens to a value once built, before it is kept and handed out. */
  prepare?(value: Value): Value;
  /**
   * How long a value is kept at most, in milliseconds; for values of what changes over time
   * under its key (what a URL answers), unlike content. Kept until evicted when left out.
   */
  ttlMs?: number;
}

/**
 * @example
 * const rendered = createContentCache<string>({ maxSize: 1e6, sizeOf: (text) => text.length });
 * await rendered.get(documentId, () => render(documentId));
 */
export function createContentCache<Value extends {}>({
  maxSize,
  sizeOf,
  prepare = (value) => value,
  ttlMs,
}: ContentCacheOptions<Value>): ContentCache<Value> {
  const kept = new LRUCache<string, Value>({
    maxSize,
    ...(ttlMs === undefined ? {} : { ttl: ttlMs }),
    // lru-cache needs every size to be a positive integer, an empty value included.
    sizeCalculation: (value) => Math.max(1, sizeOf(value)),
  });
  const building = new Map<string, Promise<Value>>();
  return {
    get(key, build) {
      const found = kept.get(key);
      if (found !== undefined) return Promise.resolve(found);
      const inFlight = building.get(key);
      if (inFlight !== undefined) return inFlight;
      // A `build` that throws rather than rejects fails the same way.
      const started = new Promise<Value>((resolve) => resolve(build())).then(
        (built) => {
          building.delete(key);
          const value = prepare(built);
          kept.set(key, value);
          return value;
        },
        (error: unknown) => {
          building.delete(key);
          throw error;
        },
      );
      building.set(key, started);
      return started;
    },
    peek(key) {
      return kept.peek(key);
    },
  };
}
