import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../src/store/database/dialect.js';

/** Every row of every table, each row as JSON, rows sorted; keyed by table name. */
export type DatabaseSnapshot = ReadonlyMap<string, readonly string[]>;

// Kysely's bookkeeping changes only when migrations run, never because of a request.
const skippedTables = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

// The tables of the database, from each engine's own catalogue (a query, not Kysely's
// introspection, which also reads every column and would slow the fuzz suite by half).
const tableNames = {
  sqlite: sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite\\_%' escape '\\'`,
  postgres: sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`,
};

/**
 * Reads the whole database, SQLite or PostgreSQL: every table of its catalogue (Kysely's migration
 * tables left out), so a table added by a later migration is covered too. Rows are compared as
 * JSON text and sorted, so the order the engine returns them in does not matter.
 * @example const before = await snapshotDatabase(server.services.db, server.services.dialect);
 */
export async function snapshotDatabase<Schema>(
  db: Kysely<Schema>,
  dialect: DialectName,
): Promise<DatabaseSnapshot> {
  const tables = (await tableNames[dialect].execute(db)).rows
    .map((row) => row.name)
    .filter((name) => !skippedTables.has(name))
    .sort();
  const snapshot = new Map<string, string[]>();
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    snapshot.set(name, rows.rows.map((row) => JSON.stringify(row)).sort());
  }
  return snapshot;
}

/**
 * What differs between two snapshots, one line per row added or removed (a changed row is both),
 * or `undefined` when they are equal.
 * @example const changes = describeSnapshotChanges(before, await snapshotDatabase(db, dialect));
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
