import type { Kysely, Migration } from 'kysely';

/**
 * The durable job runner's queue, and webhooks with their deliveries (each delivery is worked
 * off by a job made in the transaction that recorded its event).
 */
export function jobsAndWebhooksMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();

      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_until', 'text')
        .addColumn('secret_rotated_at', 'text')
        .addColumn('failing_since', 'text')
        .addColumn('disabled_reason', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhooks_organization')
        .on('webhooks')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('webhook_id', 'text', (c) =>
          c.notNull().references('webhooks.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'text', (c) =>
          c.notNull().references('events.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('response_status', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('error', 'text')
        .addColumn('redelivery_of', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_webhook')
        .on('webhook_deliveries')
        .columns(['webhook_id', 'created_at', 'id'])
        .execute();
      // Pruning an event removes its deliveries through this index.
      await db.schema
        .createIndex('webhook_deliveries_event')
        .on('webhook_deliveries')
        .column('event_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhooks').execute();
      await db.schema.dropTable('jobs').execute();
    },
  };
}
