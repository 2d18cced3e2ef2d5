import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database/dialect.js';

/**
 * On PostgreSQL, a change to the webhooks notifies `quire_changes` (with the table's name, as
 * the triggers of `0014-change-notifications` do), so each server process drops the active
 * webhooks it keeps for the writes (see `findActiveWebhooks`). A row trigger rather than a
 * statement trigger: a delivery that succeeds updates its webhook only when it was failing, and
 * a statement that changes no row must not notify. SQLite needs nothing.
 */
export function webhookChangeNotificationsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        CREATE TRIGGER webhooks_notify_change
        AFTER INSERT OR UPDATE OR DELETE ON webhooks
        FOR EACH ROW EXECUTE FUNCTION quire_notify_change()
      `.execute(db);
      await sql`
        CREATE TRIGGER webhooks_notify_truncate
        AFTER TRUNCATE ON webhooks
        FOR EACH STATEMENT EXECUTE FUNCTION quire_notify_change()
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`DROP TRIGGER webhooks_notify_truncate ON webhooks`.execute(db);
      await sql`DROP TRIGGER webhooks_notify_change ON webhooks`.execute(db);
    },
  };
}
