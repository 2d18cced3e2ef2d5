import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Every attempt of a webhook delivery, kept: when, the receiver's status, how long it took and
 * why it failed. A delivery keeps its latest attempt on its own row for lists; deliveries made
 * before this kept only that one, which becomes their first recorded attempt.
 */
export function webhookDeliveryAttemptsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_delivery_attempts')
        .addColumn('delivery_id', 'text', (c) =>
          c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('webhook_delivery_attempts_key', ['delivery_id', 'number'])
        .execute();
      await sql`
        INSERT INTO webhook_delivery_attempts (delivery_id, number, at, response_status, duration_ms, error)
        SELECT id, attempts, last_attempt_at, response_status, coalesce(duration_ms, 0), error
        FROM webhook_deliveries
        WHERE last_attempt_at IS NOT NULL AND attempts > 0
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_delivery_attempts').execute();
    },
  };
}
