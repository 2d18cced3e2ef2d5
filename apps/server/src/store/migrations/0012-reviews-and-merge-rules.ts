import type { Kysely, Migration } from 'kysely';

/**
 * Change request reviews and review requests, change request descriptions, comments about a
 * review, and merge rules on organizations and spaces (stored as their JSON configuration;
 * `null` is `none` for an organization and `inherit` for a space).
 */
export function reviewsAndMergeRulesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('organizations').addColumn('merge_rules', 'text').execute();
      await db.schema.alterTable('spaces').addColumn('merge_rules', 'text').execute();
      await db.schema.alterTable('change_requests').addColumn('description', 'text').execute();
      await db.schema.alterTable('comments').addColumn('review_id', 'text').execute();
      await db.schema
        .createTable('change_request_reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('change_request_id', 'text', (c) =>
          c.notNull().references('change_requests.id').onDelete('cascade'),
        )
        .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('requested_by', 'text', (c) => c.references('users.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('comment_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('change_request_reviews_by_change_request')
        .on('change_request_reviews')
        .columns(['change_request_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createTable('change_request_review_requests')
        .addColumn('change_request_id', 'text', (c) =>
          c.notNull().references('change_requests.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('change_request_review_requests_key', [
          'change_request_id',
          'user_id',
        ])
        .execute();
      await db.schema
        .createIndex('change_request_review_requests_by_user')
        .on('change_request_review_requests')
        .columns(['user_id', 'change_request_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('change_request_review_requests').execute();
      await db.schema.dropTable('change_request_reviews').execute();
      await db.schema.alterTable('comments').dropColumn('review_id').execute();
      await db.schema.alterTable('change_requests').dropColumn('description').execute();
      await db.schema.alterTable('spaces').dropColumn('merge_rules').execute();
      await db.schema.alterTable('organizations').dropColumn('merge_rules').execute();
    },
  };
}
