import type { Kysely, Migration } from 'kysely';

/**
 * Jobs of one lane (the deliveries to one webhook) run one at a time, across every process: a
 * slow or failing receiver then holds one run, never the runs of the others.
 */
export function jobLanesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').addColumn('lane', 'text').execute();
      await db.schema
        .createIndex('jobs_lane')
        .on('jobs')
        .columns(['lane', 'state', 'run_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('jobs_lane').execute();
      await db.schema.alterTable('jobs').dropColumn('lane').execute();
    },
  };
}
