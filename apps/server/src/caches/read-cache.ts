import { createVersionedEntries } from './versioned-entries.js';

/**
 * What tells whether a database may have changed: a value that moves with every committed change,
 * or `undefined` when it cannot be told (nothing is then served from the cache).
 */
export interface ChangeVersion {
  current(): string | undefined;
}

/** What the read cache keeps: each kind of read, and the parts of its key. */
export type ReadKey =
  | readonly ['token', token: string]
  | readonly ['space', spaceId: string, userId: string]
  | readonly ['space-record', spaceId: string]
  | readonly ['revision', spaceId: string, revisionId: string]
  | readonly ['site', siteId: string]
  | readonly ['site-structure', siteId: string, updatedAt: string]
  | readonly ['site-redirects', siteId: string]
  | readonly ['space-redirects', spaceId: string]
  | readonly ['share-link', siteId: string, shareLinkId: string]
  | readonly ['share-key', keyHash: string]
  | readonly ['session', token: string]
  | readonly ['publishing-auth', siteId: string];

/**
 * Rows read from a database, kept for as long as the database's change version does not move.
 * Values are frozen: everyone who asks gets the same object.
 */
export interface ReadCache {
  /**
   * What `load` reads, from the cache when the database has not changed since it was kept. The
   * version is taken before `load` runs, so a change committed meanwhile makes the entry stale
   * at once.
   */
  read<Value>(key: ReadKey, load: () => Promise<Value>): Promise<Value>;
  /**
   * The version entries are kept under now, or `undefined` when nothing may be kept. A value
   * computed from cached reads alone stays exact for as long as this does not move.
   */
  version(): string | undefined;
}

/** @example const reads = createReadCache(changes, { maxBytes: 16e6 }); */
export function createReadCache(
  changes: ChangeVersion,
  { maxBytes }: { maxBytes: number },
): ReadCache {
  const entries = createVersionedEntries(maxBytes);
  return {
    version: () => changes.current(),
    read(key, load) {
      const version = changes.current();
      return version === undefined ? load() : entries.read(key, version, load);
    },
  };
}
