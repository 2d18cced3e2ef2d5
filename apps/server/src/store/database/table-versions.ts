import type { Kysely } from 'kysely';
import type { Database, Executor } from '../schema.js';

/**
 * Change versions of single tables. A cache that depends on a few tables only keys its entries by
 * their versions, and so outlives the writes to every other table: the organization's webhooks,
 * looked up by every write, are kept across writes to spaces and pages.
 */
export interface TableVersions {
  /**
   * A value that moves whenever `table` may have changed, or `undefined` when that cannot be
   * told: another process's changes are not being followed, or one of this process's writes to
   * the table is not committed yet (its own transaction reads what it wrote; others must not
   * keep what they read meanwhile).
   */
  current(table: string): string | undefined;
}

/** Where a statement writes: a table's name, or `anyTable` when that cannot be told. */
export type WrittenTable = string | typeof anyTable;

/** The target of a write whose table cannot be told: it counts as a write to every table. */
export const anyTable = Symbol('any table');

/** What the database driver tells the versions about this process's writes. */
export interface TableWriteTracker extends TableVersions {
  /** A statement that may change `table` starts (on its own or in a transaction). */
  writeStarted(table: WrittenTable): void;
  /** What started ends: committed (`changed`), or rolled back or changing no row. */
  writeEnded(table: WrittenTable, changed: boolean): void;
  /** Another process changed `table` (`anyTable`: maybe any of them, or it cannot be told). */
  changedElsewhere(table: WrittenTable): void;
}

/**
 * Versions kept by this process: its own writes counted as they start and end, and another
 * process's as `elsewhere` says. `elsewhere` answers a value that moves with every commit of
 * another process (SQLite's `data_version`), or a constant while `changedElsewhere` is told of
 * them (PostgreSQL's notifications), or `undefined` while they cannot be followed.
 * @example const versions = trackTableVersions(() => String(dataVersion()));
 */
export function trackTableVersions(elsewhere: () => string | undefined): TableWriteTracker {
  const committed = new Map<WrittenTable, number>();
  const open = new Map<WrittenTable, number>();
  const bump = (counts: Map<WrittenTable, number>, table: WrittenTable, by: number) => {
    const count = (counts.get(table) ?? 0) + by;
    if (count === 0 && counts === open) counts.delete(table);
    else counts.set(table, count);
  };
  return {
    current(table) {
      if (open.has(table) || open.has(anyTable)) return undefined;
      const base = elsewhere();
      if (base === undefined) return undefined;
      return `${base}:${committed.get(anyTable) ?? 0}:${committed.get(table) ?? 0}`;
    },
    writeStarted(table) {
      bump(open, table, 1);
    },
    writeEnded(table, changed) {
      bump(open, table, -1);
      if (changed) bump(committed, table, 1);
    },
    changedElsewhere(table) {
      bump(committed, table, 1);
    },
  };
}

// By the dialect adapter: a Kysely instance and its transactions share it, so a read in a
// transaction finds the versions of its database.
const registered = new WeakMap<object, TableVersions>();

/** Makes `versions` the table versions of `db` and of its transactions. */
export function enableTableVersions(db: Kysely<Database>, versions: TableVersions): void {
  registered.set(db.getExecutor().adapter, versions);
}

/** The table versions of the database `db` reads, if it has them. */
export function tableVersionsOf(db: Executor): TableVersions | undefined {
  return registered.get(db.getExecutor().adapter);
}
