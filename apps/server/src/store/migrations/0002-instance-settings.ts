import type { Kysely, Migration } from 'kysely';

/** Settings of the server itself, shared by every process on the database: keys, its URL. */
export function instanceSettingsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('instance_settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('instance_settings').execute();
    },
  };
}
