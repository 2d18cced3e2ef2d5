import type { Kysely, Migration } from 'kysely';

/**
 * Marks the run of a job that took over one that never ended (its process was killed, or stopped
 * and handed the job back), so the job can say so: a webhook delivery's log records the attempt
 * that may or may not have reached its receiver.
 */
export function jobTakeoversMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('interrupted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').dropColumn('interrupted').execute();
    },
  };
}
