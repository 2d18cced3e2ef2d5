import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database/dialect.js';

/** Users, tokens, organizations with members and email domains, collections, spaces, revisions. */
export function foundationMigration(dialect: DialectName): Migration {
  // Fractional-index positions must sort by bytes; PostgreSQL's default collation would not.
  const positionType = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('photo_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('hostname', 'text', (c) => c.unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('use_case', 'text')
        .addColumn('community_type', 'text')
        .addColumn('default_role', 'text')
        .addColumn('default_content_site', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ai', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('invite_links', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('organization_email_domains')
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('domain', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('organization_email_domains_pk', ['organization_id', 'domain'])
        .execute();
      await db.schema
        .createIndex('organization_email_domains_domain')
        .on('organization_email_domains')
        .column('domain')
        .execute();

      await db.schema
        .createTable('organization_members')
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text')
        .addPrimaryKeyConstraint('organization_members_pk', ['organization_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('organization_members_user')
        .on('organization_members')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('collections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('default_level', 'text')
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('collections_organization')
        .on('collections')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('spaces')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'text', (c) => c.references('collections.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('emoji', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull())
        .addColumn('edit_mode', 'text', (c) => c.notNull())
        .addColumn('default_level', 'text')
        // No foreign key: a space and its first revision reference each other.
        .addColumn('revision_id', 'text', (c) => c.notNull())
        .addColumn('position', positionType, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema
        .createIndex('spaces_organization_position')
        .on('spaces')
        .columns(['organization_id', 'position', 'id'])
        .execute();
      await db.schema.createIndex('spaces_deleted_at').on('spaces').column('deleted_at').execute();

      await db.schema
        .createTable('revisions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('parents', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('revisions_space').on('revisions').column('space_id').execute();
    },
  };
}
