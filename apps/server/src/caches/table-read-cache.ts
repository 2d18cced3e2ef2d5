import { createVersionedEntries } from './versioned-entries.js';

/** The version of each table: it moves with every committed change to it; unknown: `undefined`. */
export interface TableVersion {
  current(table: string): string | undefined;
}

/** What the table read cache keeps, and the tables each kind reads. */
export type TableReadKey = readonly ['active-webhooks', organizationId: string];

/**
 * Rows read from a few tables, kept for as long as none of them changes: unlike the read cache,
 * writes to other tables leave an entry alone, and it serves reads in transactions too (the
 * versions are unknown while one of this process's writes to the tables is uncommitted, and
 * then `load` runs). Values are frozen.
 */
export interface TableReadCache {
  /**
   * What `load` reads from `tables`. `load` must read only `tables`, and only rows their
   * statements name: rows changed through foreign keys or triggers do not move the versions.
   * The versions are taken before `load` runs, so a change committed meanwhile makes the entry
   * stale at once.
   */
  read<Value>(
    tables: readonly string[],
    key: TableReadKey,
    load: () => Promise<Value>,
  ): Promise<Value>;
}

/** @example const tableReads = createTableReadCache(versions, { maxBytes: 4e6 }); */
export function createTableReadCache(
  versions: TableVersion,
  { maxBytes }: { maxBytes: number },
): TableReadCache {
  const entries = createVersionedEntries(maxBytes);
  return {
    read(tables, key, load) {
      let version = '';
      for (const table of tables) {
        const current = versions.current(table);
        if (current === undefined) return load();
        version += `${current};`;
      }
      return entries.read(key, version, load);
    },
  };
}
