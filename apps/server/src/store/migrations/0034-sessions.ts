import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database/dialect.js';
import { notifyChangesOf } from './change-triggers.js';

/**
 * People signed in to the app: a password per user (scrypt, apart from the profile), and a row
 * per session behind the app's cookie, stored as the cookie's SHA-256. Sessions are read through
 * the read cache on every request, so on PostgreSQL the table notifies its changes: a session
 * ended on one server is refused by every other on its next request.
 */
export function sessionsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_passwords')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      if (dialect === 'postgres') await notifyChangesOf(db, ['sessions', 'user_passwords']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('user_passwords').execute();
    },
  };
}
