import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database/dialect.js';
import { notifyChangesOf } from './change-triggers.js';

/**
 * The redirects a space's Git repository declares (`.gitbook.yaml`'s `redirects:`): an old path
 * of the published space, relative to it, and the page it leads to now. Each import into the
 * space's head replaces them as a whole; published sites follow them for paths that name no page,
 * reading them through the read cache, so on PostgreSQL the table notifies its changes.
 */
export function spaceRedirectsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('space_redirects')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('page_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('space_redirects_key', ['space_id', 'source'])
        .execute();
      if (dialect === 'postgres') await notifyChangesOf(db, ['space_redirects']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('space_redirects').execute();
    },
  };
}
