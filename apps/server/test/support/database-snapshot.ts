import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, type Kysely, sql } from 'kysely';

/** Every row of every table, each row as JSON, rows sorted; keyed by table name. */
export type DatabaseSnapshot = ReadonlyMap<string, readonly string[]>;

// Kysely's bookkeeping changes only when migrations run, never because of a request.
const skippedTables = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

/**
 * Reads the whole SQLite database: the tables come from `sqlite_master` (SQLite's own tables and
 * Kysely's migration tables left out), so a table added by a later migration is covered too.
 * Rows are compared as JSON text and sorted, so the order SQLite returns them in does not matter.
 * @example const before = await snapshotDatabase(server.deps.db);
 */
export async function snapshotDatabase<Schema>(db: Kysely<Schema>): Promise<DatabaseSnapshot> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite\\_%' escape '\\'
    order by name`.execute(db);
  const snapshot = new Map<string, string[]>();
  for (const { name } of tables.rows) {
    if (skippedTables.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    snapshot.set(name, rows.rows.map((row) => JSON.stringify(row)).sort());
  }
  return snapshot;
}

/**
 * What differs between two snapshots, one line per row added or removed (a changed row is both),
 * or `undefined` when they are equal.
 * @example const changes = describeSnapshotChanges(before, await snapshotDatabase(db));
 */
export function describeSnapshotChanges(
  before: DatabaseSnapshot,
  after: DatabaseSnapshot,
): string | undefined {
  const lines: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const rowsBefore = new Set(before.get(table) ?? []);
    const rowsAfter = new Set(after.get(table) ?? []);
    for (const row of rowsBefore) if (!rowsAfter.has(row)) lines.push(`${table} - ${row}`);
    for (const row of rowsAfter) if (!rowsBefore.has(row)) lines.push(`${table} + ${row}`);
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((table) => {
    const rowsBefore = before.get(table) ?? [];
    const rowsAfter = after.get(table) ?? [];
    return (
      rowsBefore.length !== rowsAfter.length || rowsBefore.some((row, i) => row !== rowsAfter[i])
    );
  });
}
