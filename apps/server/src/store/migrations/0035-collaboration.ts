import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database/dialect.js';
import { notifyChangesOf } from './change-triggers.js';

/**
 * Live collaboration. A row per document people edit together (a page of a change request, or of
 * a live space): its Yjs state as last compacted, the revision it was last written as or merged
 * from with the Yjs state of that moment, and which server process writes its revisions now.
 * Every update a person makes is appended to `collab_updates` before they are told it is saved,
 * and folded into the state later. On PostgreSQL the change requests' table notifies its
 * changes, so every process sees a head move made by another route and merges it in.
 */
export function collaborationMigration(dialect: DialectName): Migration {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('collab_documents')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('change_request_id', 'text')
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('state', bytes, (c) => c.notNull())
        .addColumn('base_revision_id', 'text', (c) => c.notNull())
        .addColumn('base_state', bytes, (c) => c.notNull())
        .addColumn('writing_state', bytes)
        .addColumn('owner_id', 'text')
        .addColumn('owner_until', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('collab_documents_space')
        .on('collab_documents')
        .columns(['space_id', 'change_request_id'])
        .execute();
      await db.schema
        .createTable('collab_updates')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) =>
          c.notNull().references('collab_documents.name').onDelete('cascade'),
        )
        .addColumn('update', bytes, (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('collab_updates_name')
        .on('collab_updates')
        .columns(['name', 'id'])
        .execute();
      if (dialect === 'postgres') await notifyChangesOf(db, ['change_requests']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('collab_updates').execute();
      await db.schema.dropTable('collab_documents').execute();
    },
  };
}
