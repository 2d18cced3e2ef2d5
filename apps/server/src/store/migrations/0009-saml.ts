import type { Kysely, Migration } from 'kysely';

/** SAML identity providers of organizations, and the sign-in requests awaiting their answer. */
export function samlMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saml_providers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('sso_url', 'text')
        .addColumn('certificate', 'text')
        .addColumn('default_team_id', 'text')
        .addColumn('default_role', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saml_providers_organization')
        .on('saml_providers')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();
      // The ids of AuthnRequests sent and not yet answered: a response must answer one of them,
      // once (the row goes when it is answered), within the validity period.
      await db.schema
        .createTable('saml_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saml_requests_issued')
        .on('saml_requests')
        .column('issued_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saml_requests').execute();
      await db.schema.dropTable('saml_providers').execute();
    },
  };
}
