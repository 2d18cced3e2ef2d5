import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Content: immutable objects keyed by the hash of their content (page bodies, page-tree nodes,
 * file records, variable maps), revisions pointing at their root object, and change requests
 * with the space's counters of them.
 */
export function contentMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_objects')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();

      // `root` is null for a revision with no content at all (a new space's first revision).
      await db.schema.alterTable('revisions').addColumn('root', 'text').execute();
      await db.schema.alterTable('revisions').addColumn('author_id', 'text').execute();
      await db.schema.alterTable('revisions').addColumn('merged_from', 'text').execute();

      await db.schema
        .createTable('change_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('revision_initial', 'text', (c) => c.notNull())
        .addColumn('revision_merged_ancestor', 'text')
        .addColumn('revision_merged', 'text')
        .addUniqueConstraint('change_requests_space_number', ['space_id', 'number'])
        .execute();
      await db.schema
        .createIndex('change_requests_space_status')
        .on('change_requests')
        .columns(['space_id', 'status', 'number'])
        .execute();

      // Kept in the transaction that changes a change request, so a space read counts nothing;
      // the total also numbers the next change request.
      for (const column of [
        'change_requests_total',
        'change_requests_open',
        'change_requests_draft',
      ]) {
        await db.schema
          .alterTable('spaces')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(sql`0`))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('change_requests').execute();
      await db.schema.dropTable('content_objects').execute();
    },
  };
}
