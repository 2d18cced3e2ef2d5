import { type Kysely, sql } from 'kysely';

/**
 * Makes every statement that changes one of `tables` notify `quire_changes` with the table's
 * name as it commits (PostgreSQL; `quire_notify_change` comes from `0014-change-notifications`),
 * so each server process drops what it kept from them.
 */
export async function notifyChangesOf(db: Kysely<unknown>, tables: readonly string[]) {
  for (const table of tables) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_notify_change`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION quire_notify_change()
    `.execute(db);
  }
}

/** Undoes {@link notifyChangesOf}. */
export async function stopNotifyingChangesOf(db: Kysely<unknown>, tables: readonly string[]) {
  for (const table of tables) {
    await sql`DROP TRIGGER ${sql.id(`${table}_notify_change`)} ON ${sql.table(table)}`.execute(db);
  }
}
