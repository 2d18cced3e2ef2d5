import { LRUCache } from 'lru-cache';

/** An answer as sent, but for its request id. */
export interface CachedResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** The body: kept as UTF-8 bytes, so that answering it again does not encode it again. */
  body: string | Uint8Array | null;
}

/**
 * Answers of reads that depend on the request and the database alone (their handler says so,
 * see `ReplyHints`), kept for as long as the database does not change: the same request is
 * then answered again without routing, authenticating, validating or running the operation.
 * "The same request" is the same method, URL and `Authorization` header; the version is the
 * read cache's, so a revoked token, a removed member or a renamed space is seen on the very
 * next request, whichever process made the change.
 */
export interface ResponseCache {
  /** The database's version now: taken before a read starts, and kept with its answer. */
  version(): string | undefined;
  /** Keeps `answer` for `key`, made while the database was at `version`. */
  keep(key: string, version: string, answer: CachedResponse): void;
  /** The answer kept for `key`, when the database has not changed since it was made. */
  find(key: string): CachedResponse | undefined;
}

/** The key of a GET request among kept answers. */
export function responseCacheKey(url: string, authorization: string | undefined): string {
  return `${authorization ?? ''}\u0000${url}`;
}

/**
 * `databaseVersion` is the read cache's version (`ReadCache.version`): answers made of cached
 * reads are exact for as long as it does not move.
 * @example const kept = createResponseCache(() => reads.version(), { maxBytes: 1e7 }); kept.find(key);
 */
export function createResponseCache(
  databaseVersion: () => string | undefined,
  { maxBytes }: { maxBytes: number },
): ResponseCache {
  const entries = new LRUCache<string, { version: string; answer: CachedResponse }>({
    maxSize: maxBytes,
    sizeCalculation: (entry, key) => key.length + (entry.answer.body?.length ?? 0) + 1,
  });
  return {
    version: databaseVersion,
    keep(key, version, answer) {
      const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
      entries.set(key, { version, answer: { ...answer, body } });
    },
    find(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (entry.version === databaseVersion()) return entry.answer;
      entries.delete(key);
      return undefined;
    },
  };
}
