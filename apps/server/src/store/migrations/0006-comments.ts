import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Comments on spaces and change requests, their replies and reactions, and the counters of open
 * comments that space and change request reads show without counting.
 */
export function commentsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        // Empty for a comment on the space itself, so that one index serves both kinds of list.
        .addColumn('change_request_id', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
        // The body as a JSON document, stored once; Markdown is written from it on reads.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('posted_at', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'text', (c) => c.references('users.id'))
        .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text')
        // JSON of the page as it was when the comment was posted (title, path, updatedAt…).
        .addColumn('page_snapshot', 'text')
        .addColumn('node_key', 'text')
        .addColumn('node_preview', 'text')
        .execute();
      await db.schema
        .createIndex('comments_thread_time')
        .on('comments')
        .columns(['space_id', 'change_request_id', 'posted_at', 'id'])
        .execute();

      await db.schema
        .createTable('comment_replies')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('comment_id', 'text', (c) =>
          c.notNull().references('comments.id').onDelete('cascade'),
        )
        .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('posted_at', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'text')
        .execute();
      await db.schema
        .createIndex('comment_replies_comment_time')
        .on('comment_replies')
        .columns(['comment_id', 'posted_at', 'id'])
        .execute();

      // One row per person, emoji and comment or reply (`reply_id` empty for the comment): adding
      // a reaction twice, or two people at once, is an insert that conflicts or not, never lost.
      await db.schema
        .createTable('comment_reactions')
        .addColumn('comment_id', 'text', (c) =>
          c.notNull().references('comments.id').onDelete('cascade'),
        )
        .addColumn('reply_id', 'text', (c) => c.notNull())
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('reacted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_reactions_key', [
          'comment_id',
          'reply_id',
          'emoji',
          'user_id',
        ])
        .execute();

      // Kept in the transaction of every comment write, like the change request counters.
      await db.schema
        .alterTable('spaces')
        .addColumn('comments_open', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .execute();
      await db.schema
        .alterTable('change_requests')
        .addColumn('comments_open', 'integer', (c) => c.notNull().defaultTo(sql`0`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('comment_reactions').execute();
      await db.schema.dropTable('comment_replies').execute();
      await db.schema.dropTable('comments').execute();
    },
  };
}
