import type { Kysely, Migration } from 'kysely';

/**
 * Git sync. `git_sync_states` holds, per space and repository branch and folder, what the two
 * last agreed on (the revision, the commit, and each page's file and digest, as JSON), which keeps later
 * syncs from touching what neither side changed. `git_sync_operations` are the imports and
 * exports asked for, run one at a time per space in the order of their ids (UUIDv7, which grow
 * with time); what they were
 * asked with is sealed, as a repository URL may carry credentials. A space's standing
 * `git_sync_connections` row names the repository it is kept in step with, with its
 * credentials and webhook secret sealed; operations it queues name it rather than copy them.
 */
export function gitSyncMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('git_sync_states')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('repository_url', 'text', (c) => c.notNull())
        .addColumn('branch', 'text', (c) => c.notNull())
        .addColumn('directory', 'text', (c) => c.notNull())
        .addColumn('revision_id', 'text')
        .addColumn('commit', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('git_sync_states_key', [
          'space_id',
          'repository_url',
          'branch',
          'directory',
        ])
        .execute();
      await db.schema
        .createTable('git_sync_connections')
        .addColumn('space_id', 'text', (c) =>
          c.primaryKey().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('repository_url', 'text', (c) => c.notNull())
        .addColumn('branch', 'text', (c) => c.notNull())
        .addColumn('directory', 'text', (c) => c.notNull())
        .addColumn('credentials', 'text')
        .addColumn('webhook_secret', 'text', (c) => c.notNull())
        .addColumn('initial_sync', 'text', (c) => c.notNull())
        .addColumn('poll_interval_seconds', 'integer', (c) => c.notNull())
        .addColumn('polled_at', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('git_sync_operations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('connection_id', 'text')
        .addColumn('job_id', 'text')
        .addColumn('change_request_id', 'text')
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
        .createIndex('git_sync_operations_space')
        .on('git_sync_operations')
        .columns(['space_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('git_sync_operations').execute();
      await db.schema.dropTable('git_sync_connections').execute();
      await db.schema.dropTable('git_sync_states').execute();
    },
  };
}
