import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database/dialect.js';

/**
 * Organization administration: guests (members whose role is `null`) and the `sso` flag on
 * memberships, teams and their members, roles granted on one space to a user or a team, and
 * invite links.
 */
export function orgAdminMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await allowGuestMemberships(db, dialect);
      await db.schema
        .createIndex('organization_members_joined')
        .on('organization_members')
        .columns(['organization_id', 'joined_at', 'user_id'])
        .execute();
      await db.schema
        .createIndex('organization_members_seen')
        .on('organization_members')
        .columns(['organization_id', 'last_seen_at', 'user_id'])
        .execute();

      await db.schema
        .createTable('teams')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('teams_organization')
        .on('teams')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();

      // `organization_id` is the team's, copied so that removing a member from an organization
      // removes their team memberships there with one statement.
      await db.schema
        .createTable('team_members')
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('team_members_user')
        .on('team_members')
        .columns(['organization_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('space_user_grants')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('space_user_grants_pk', ['space_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('space_user_grants_user')
        .on('space_user_grants')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('space_team_grants')
        .addColumn('space_id', 'text', (c) =>
          c.notNull().references('spaces.id').onDelete('cascade'),
        )
        .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('space_team_grants_pk', ['space_id', 'team_id'])
        .execute();
      await db.schema
        .createIndex('space_team_grants_team')
        .on('space_team_grants')
        .column('team_id')
        .execute();

      await db.schema
        .createTable('invite_links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) =>
          c.notNull().references('organizations.id').onDelete('cascade'),
        )
        // `null` invites guests.
        .addColumn('role', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invite_links_organization')
        .on('invite_links')
        .columns(['organization_id', 'created_at', 'id'])
        .execute();
    },
  };
}

/**
 * Makes `organization_members.role` nullable (a guest has no organization role) and adds `sso`.
 * SQLite cannot drop a NOT NULL constraint, so there the table is rebuilt; nothing references it.
 */
async function allowGuestMemberships(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table organization_members alter column role drop not null`.execute(db);
    await db.schema
      .alterTable('organization_members')
      .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    return;
  }
  await db.schema
    .createTable('organization_members_next')
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text')
    .addColumn('sso', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('organization_members_next_pk', ['organization_id', 'user_id'])
    .execute();
  await sql`insert into organization_members_next (organization_id, user_id, role, joined_at, last_seen_at)
    select organization_id, user_id, role, joined_at, last_seen_at from organization_members`.execute(
    db,
  );
  await db.schema.dropTable('organization_members').execute();
  await sql`alter table organization_members_next rename to organization_members`.execute(db);
  await db.schema
    .createIndex('organization_members_user')
    .on('organization_members')
    .column('user_id')
    .execute();
}
