import type { Kysely, Migration } from 'kysely';

/** Why a translation's latest run failed, shown with its `failed` status until a run finishes. */
export function translationFailuresMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('translations').addColumn('last_error', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('translations').dropColumn('last_error').execute();
    },
  };
}
