import type { Kysely, Migration } from 'kysely';

/** OpenID Connect providers of organizations, and the sign-ins that left for one. */
export function oidcMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('oidc_providers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        // Sealed under the server's secret; null for a public client (PKCE alone).
        .addColumn('client_secret_sealed', 'text')
        .addColumn('default_team_id', 'text')
        .addColumn('default_role', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('oidc_providers_organization')
        .on('oidc_providers')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();
      // A browser sent to a provider and not back yet: the `state` it carries names the row, which
      // holds the PKCE verifier and the nonce the answer must match, and goes when it is used.
      await db.schema
        .createTable('oidc_sign_ins')
        .addColumn('state', 'text', (c) => c.primaryKey())
        .addColumn('provider_id', 'text', (c) =>
          c.notNull().references('oidc_providers.id').onDelete('cascade'),
        )
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('relay', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('oidc_sign_ins_started')
        .on('oidc_sign_ins')
        .column('started_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('oidc_sign_ins').execute();
      await db.schema.dropTable('oidc_providers').execute();
    },
  };
}
