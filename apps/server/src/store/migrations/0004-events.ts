import type { Kysely, Migration } from 'kysely';

/**
 * Events: one row per change, written in the transaction of the change (an outbox), read back
 * as the organization's audit log.
 */
export function eventsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_type', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('actor_label', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('target_label', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('events_organization_time')
        .on('events')
        .columns(['organization_id', 'occurred_at', 'id'])
        .execute();
      await db.schema.createIndex('events_time').on('events').column('occurred_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('events').execute();
    },
  };
}
