import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../src/store/database/dialect.js';

/** One row a committed write added, changed or removed. */
export interface RowChange {
  id: number;
  table: string;
  operation: 'insert' | 'update' | 'delete';
  /** The row after the write (before it, for a delete), as JSON. */
  row: string;
}

/** Every committed row change since a mark, in the order they were written. */
export interface DatabaseChanges {
  /** Where the log ends now: pass it to `since` after the writes to look at. */
  mark(): Promise<number>;
  since(mark: number): Promise<RowChange[]>;
}

const logTable = 'test_row_changes';
// Kysely's bookkeeping changes only when migrations run, never because of a request.
const skippedTables = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE, logTable]);

/**
 * Installs triggers that log every row written to every table of the database (a table added by a
 * later migration included), on SQLite or PostgreSQL. A write rolled back takes its log lines with
 * it, and an update that leaves a row as it was logs nothing, so the log holds exactly what a
 * before-and-after copy of every table would show, at the cost of one query per look instead of
 * reading the whole database, which grows with every request a long test sends.
 * @example const changes = await recordDatabaseChanges(server.services.db, server.services.dialect);
 */
export async function recordDatabaseChanges<Schema>(
  db: Kysely<Schema>,
  dialect: DialectName,
): Promise<DatabaseChanges> {
  await (dialect === 'sqlite' ? installSqliteTriggers(db) : installPostgresTriggers(db));
  return {
    async mark() {
      const { rows } = await sql<{
        last: number | string | null;
      }>`select max(id) as last from ${sql.table(logTable)}`.execute(db);
      return Number(rows[0]?.last ?? 0);
    },
    async since(mark) {
      const { rows } = await sql<{
        id: number | string;
        table_name: string;
        operation: RowChange['operation'];
        row: string;
      }>`select id, table_name, operation, row from ${sql.table(logTable)}
         where id > ${mark} order by id`.execute(db);
      return rows.map((change) => ({
        id: Number(change.id),
        table: change.table_name,
        operation: change.operation,
        row: change.row,
      }));
    },
  };
}

/** One line per change, `table insert {…}`, or `undefined` when there is none. */
export function describeChanges(changes: readonly RowChange[]): string | undefined {
  if (changes.length === 0) return undefined;
  return changes.map((change) => `${change.table} ${change.operation} ${change.row}`).join('\n');
}

async function installSqliteTriggers<Schema>(db: Kysely<Schema>): Promise<void> {
  await sql`create table ${sql.table(logTable)} (
    id integer primary key autoincrement, table_name text not null,
    operation text not null, row text not null)`.execute(db);
  // Full-text tables are virtual, and their shadow tables change only with the rows they index.
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite\\_%' escape '\\'
      and sql not like 'CREATE VIRTUAL TABLE%'
      and not exists (
        select 1 from sqlite_master virtual
        where virtual.sql like 'CREATE VIRTUAL TABLE%' and sqlite_master.name like virtual.name || '\\_%' escape '\\')
    order by name`.execute(db);
  for (const { name } of tables) {
    if (skippedTables.has(name)) continue;
    const { rows: columns } = await sql<{
      name: string;
    }>`select name from pragma_table_info(${name})`.execute(db);
    const quoted = columns.map((column) => `"${column.name.replaceAll('"', '""')}"`);
    // JSON holds no blobs: a blob column is logged as its hex.
    const rowOf = (alias: 'new' | 'old') =>
      `json_object(${columns
        .map(
          (column, i) =>
            `'${column.name}', case when typeof(${alias}.${quoted[i]}) = 'blob' then hex(${alias}.${quoted[i]}) else ${alias}.${quoted[i]} end`,
        )
        .join(', ')})`;
    const changed = quoted.map((column) => `old.${column} is not new.${column}`).join(' or ');
    const log = (operation: string, alias: 'new' | 'old') =>
      `insert into ${logTable} (table_name, operation, row) values ('${name}', '${operation}', ${rowOf(alias)})`;
    const table = `"${name.replaceAll('"', '""')}"`;
    await sql
      .raw(
        `create trigger "${logTable}_${name}_insert" after insert on ${table} begin ${log('insert', 'new')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger "${logTable}_${name}_update" after update on ${table} when ${changed} begin ${log('update', 'new')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger "${logTable}_${name}_delete" after delete on ${table} begin ${log('delete', 'old')}; end`,
      )
      .execute(db);
  }
}

async function installPostgresTriggers<Schema>(db: Kysely<Schema>): Promise<void> {
  await sql`create table ${sql.table(logTable)} (
    id bigserial primary key, table_name text not null,
    operation text not null, row text not null)`.execute(db);
  await sql
    .raw(`create function ${logTable}_log() returns trigger language plpgsql as $$
      begin
        insert into ${logTable} (table_name, operation, row) values (
          tg_table_name, lower(tg_op),
          case when tg_op = 'DELETE' then row_to_json(old)::text else row_to_json(new)::text end);
        return null;
      end $$`)
    .execute(db);
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  for (const { name } of tables) {
    if (skippedTables.has(name)) continue;
    const table = `"${name.replaceAll('"', '""')}"`;
    await sql
      .raw(
        `create trigger ${logTable}_write after insert or delete on ${table}
         for each row execute function ${logTable}_log()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${logTable}_update after update on ${table}
         for each row when (old.* is distinct from new.*) execute function ${logTable}_log()`,
      )
      .execute(db);
  }
}
