import type { Kysely, Migration } from 'kysely';

/**
 * Git sync. `git_sync_states` holds, per space, what the space and its repository last agreed
 * on (the revision, the commit, and each page's file and digest, as JSON), which keeps later
 * syncs from touching what neither side changed. `git_sync_operations` are the imports and
 * exports asked for, numbered per space and run one at a time in that order; what they were
 * asked with is sealed, as a repository URL may carry credentials.
 */
export function gitSyncMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('git_sync_states')
        .addColumn('space_id', 'text', (c) =>
          c.primaryKey().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('repository_url', 'text', (c) => c.notNull())
        .addColumn('branch', 'text', (c) => c.notNull())
        .addColumn('directory', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('git_sync_operations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('repository_url', 'text', (c) => c.notNull())
        .addColumn('branch', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('commit', 'text')
        .addColumn('revision_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('git_sync_operations_order')
        .on('git_sync_operations')
        .columns(['space_id', 'sequence'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('git_sync_operations').execute();
      await db.schema.dropTable('git_sync_states').execute();
    },
  };
}
