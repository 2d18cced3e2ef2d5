import type { Kysely, Migration } from 'kysely';

/**
 * The questions readers asked published sites and the answers they got, for the sites' owners:
 * a question once per wording, an answer each time it was asked, and the pages each answer
 * cited, and what agents report about the site. No address, cookie or browser is stored: only the random session and visitor ids the
 * reader's browser chose, as with readers' events.
 */
export function siteQuestionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_questions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        // The wording questions are grouped by: trimmed, spacing collapsed, lower case.
        .addColumn('grouped_as', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('asked_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('site_questions_site_grouped_as', ['site_id', 'grouped_as'])
        .execute();
      await db.schema
        .createTable('site_question_answers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('question_id', 'text', (c) => c.notNull())
        .addColumn('thread_id', 'text', (c) => c.notNull())
        .addColumn('previous_id', 'text')
        .addColumn('input_raw', 'text', (c) => c.notNull())
        .addColumn('input_text', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        // The answer as written, links checked; null when the model failed.
        .addColumn('answer_markdown', 'text')
        .addColumn('failure', 'text')
        .addColumn('answered', 'text', (c) => c.notNull())
        .addColumn('relevance', 'text', (c) => c.notNull())
        .addColumn('channel_type', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text')
        .addColumn('visitor_id', 'text')
        .addColumn('feedback_rating', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_question_answers_site_time')
        .on('site_question_answers')
        .columns(['site_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('site_question_answers_question')
        .on('site_question_answers')
        .columns(['question_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('site_question_answers_thread')
        .on('site_question_answers')
        .columns(['thread_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('site_question_answer_sources')
        .addColumn('answer_id', 'text', (c) => c.notNull())
        .addColumn('ordinal', 'integer', (c) => c.notNull())
        .addColumn('space_id', 'text', (c) => c.notNull())
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        // The anchors of the page's sections given to the model, as a JSON array.
        .addColumn('sections', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_question_answer_sources_pk', ['answer_id', 'ordinal'])
        .execute();
      // What agents report about the site, each whole as JSON; tied to an answer when it names one.
      await db.schema
        .createTable('site_agent_feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site_id', 'text', (c) => c.notNull())
        .addColumn('answer_id', 'text')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('feedback', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('site_agent_feedback_site_time')
        .on('site_agent_feedback')
        .columns(['site_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_agent_feedback').execute();
      await db.schema.dropTable('site_question_answer_sources').execute();
      await db.schema.dropTable('site_question_answers').execute();
      await db.schema.dropTable('site_questions').execute();
    },
  };
}
