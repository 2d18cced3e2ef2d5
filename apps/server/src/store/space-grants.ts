import { type RawBuilder, sql } from 'kysely';
import { storedEnum } from '../model/enums.js';
import { higherRole, isMemberRole, type MemberRole, memberRoles } from '../model/roles.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import type { Executor } from './schema.js';
import { toUser, type UserRecord } from './users.js';

/**
 * A role column as its rank, 0 for `admin`: roles do not sort by name, and the best of several
 * grants is the one with the lowest rank.
 */
export function roleRank(column: string): RawBuilder<number> {
  const cases = memberRoles.map((role, rank) => sql`when ${sql.lit(role)} then ${sql.lit(rank)}`);
  return sql<number>`case ${sql.ref(column)} ${sql.join(cases, sql` `)} else ${sql.lit(memberRoles.length)} end`;
}

/** Grants a user a role on a space, or changes the role granted. */
export async function upsertUserGrant(
  db: Executor,
  spaceId: string,
  userId: string,
  role: MemberRole,
  at: string,
): Promise<void> {
  await db
    .insertInto('space_user_grants')
    .values({ space_id: spaceId, user_id: userId, role, granted_at: at })
    .onConflict((conflict) => conflict.columns(['space_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** Grants a team a role on a space, or changes the role granted. */
export async function upsertTeamGrant(
  db: Executor,
  spaceId: string,
  teamId: string,
  role: MemberRole,
  at: string,
): Promise<void> {
  await db
    .insertInto('space_team_grants')
    .values({ space_id: spaceId, team_id: teamId, role, granted_at: at })
    .onConflict((conflict) => conflict.columns(['space_id', 'team_id']).doUpdateSet({ role }))
    .execute();
}

/** Revokes a user's grant on a space; answers whether there was one. */
export async function deleteUserGrant(db: Executor, spaceId: string, userId: string) {
  const result = await db
    .deleteFrom('space_user_grants')
    .where('space_id', '=', spaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Revokes a team's grant on a space; answers whether there was one. */
export async function deleteTeamGrant(db: Executor, spaceId: string, teamId: string) {
  const result = await db
    .deleteFrom('space_team_grants')
    .where('space_id', '=', spaceId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A role granted to a user on a space. */
export interface UserGrantRecord {
  user: UserRecord;
  role: MemberRole;
}

/** A page of the users granted a role on a space, oldest grant first. */
export async function listUserGrants(
  db: Executor,
  spaceId: string,
  request: PageRequest,
): Promise<Page<UserGrantRecord>> {
  const page = await keysetPage(
    db
      .selectFrom('space_user_grants')
      .innerJoin('users', 'users.id', 'space_user_grants.user_id')
      .where('space_user_grants.space_id', '=', spaceId),
    (q) => q.selectAll('users').select(['space_user_grants.role', 'space_user_grants.granted_at']),
    {
      columns: ['space_user_grants.granted_at', 'users.id'],
      direction: 'asc',
      cursorOf: (row) => [row.granted_at, row.id],
    },
    request,
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      user: toUser(row),
      role: storedEnum(memberRoles, row.role, 'granted role'),
    })),
  };
}

/** A role granted to a team on a space. */
export interface TeamGrantRecord {
  teamId: string;
  role: MemberRole;
}

/** A page of the teams granted a role on a space, oldest grant first. */
export async function listTeamGrants(
  db: Executor,
  spaceId: string,
  request: PageRequest,
): Promise<Page<TeamGrantRecord>> {
  const page = await keysetPage(
    db.selectFrom('space_team_grants').where('space_id', '=', spaceId),
    (q) => q.select(['team_id', 'role', 'granted_at']),
    {
      columns: ['granted_at', 'team_id'],
      direction: 'asc',
      cursorOf: (row) => [row.granted_at, row.team_id],
    },
    request,
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      teamId: row.team_id,
      role: storedEnum(memberRoles, row.role, 'granted role'),
    })),
  };
}

/** Where a user's access to a space comes from, beyond their organization role. */
export interface SpaceGrantSource {
  type: 'user' | 'team';
  role: MemberRole;
  teamId?: string;
}

/**
 * The grants a user has on spaces of an organization, their own and their teams', by space.
 * Only teams of the space's organization count: a space keeps no access from another one.
 */
export async function grantsOfUser(
  db: Executor,
  organizationId: string,
  userId: string,
  spaceIds?: readonly string[],
): Promise<Map<string, SpaceGrantSource[]>> {
  if (spaceIds !== undefined && spaceIds.length === 0) return new Map();
  const own = await db
    .selectFrom('space_user_grants')
    .innerJoin('spaces', 'spaces.id', 'space_user_grants.space_id')
    .select(['space_user_grants.space_id', 'space_user_grants.role'])
    .where('spaces.organization_id', '=', organizationId)
    .where('space_user_grants.user_id', '=', userId)
    .$if(spaceIds !== undefined, (q) => q.where('spaces.id', 'in', [...(spaceIds ?? [])]))
    .execute();
  const ofTeams = await db
    .selectFrom('space_team_grants')
    .innerJoin('spaces', 'spaces.id', 'space_team_grants.space_id')
    .innerJoin('team_members', 'team_members.team_id', 'space_team_grants.team_id')
    .select(['space_team_grants.space_id', 'space_team_grants.role', 'space_team_grants.team_id'])
    .where('spaces.organization_id', '=', organizationId)
    .whereRef('team_members.organization_id', '=', 'spaces.organization_id')
    .where('team_members.user_id', '=', userId)
    .$if(spaceIds !== undefined, (q) => q.where('spaces.id', 'in', [...(spaceIds ?? [])]))
    .execute();
  const bySpace = new Map<string, SpaceGrantSource[]>();
  const add = (spaceId: string, source: SpaceGrantSource) =>
    bySpace.set(spaceId, [...(bySpace.get(spaceId) ?? []), source]);
  for (const row of own) {
    if (isMemberRole(row.role)) add(row.space_id, { type: 'user', role: row.role });
  }
  for (const row of ofTeams) {
    if (isMemberRole(row.role))
      add(row.space_id, { type: 'team', role: row.role, teamId: row.team_id });
  }
  return bySpace;
}

/** The best role among grants; `null` when there are none. */
export function bestGrantedRole(
  sources: readonly SpaceGrantSource[] | undefined,
): MemberRole | null {
  return (sources ?? []).reduce<MemberRole | null>(
    (best, { role }) => higherRole(best, role),
    null,
  );
}

/** Live spaces of the organization granted to the user or their teams (what a guest reaches). */
export function grantedSpaceIds(db: Executor, organizationId: string, userId: string) {
  return db
    .selectFrom('space_user_grants')
    .select('space_user_grants.space_id as space_id')
    .where('space_user_grants.user_id', '=', userId)
    .union(
      db
        .selectFrom('space_team_grants')
        .innerJoin('team_members', 'team_members.team_id', 'space_team_grants.team_id')
        .select('space_team_grants.space_id as space_id')
        .where('team_members.organization_id', '=', organizationId)
        .where('team_members.user_id', '=', userId),
    );
}

/** The grants on one space of these users, their own and their teams', by user. */
export async function grantsOnSpace(
  db: Executor,
  space: { id: string; organizationId: string },
  userIds: readonly string[],
): Promise<Map<string, SpaceGrantSource[]>> {
  if (userIds.length === 0) return new Map();
  const users = [...new Set(userIds)];
  const own = await db
    .selectFrom('space_user_grants')
    .select(['user_id', 'role'])
    .where('space_id', '=', space.id)
    .where('user_id', 'in', users)
    .execute();
  const ofTeams = await db
    .selectFrom('space_team_grants')
    .innerJoin('team_members', 'team_members.team_id', 'space_team_grants.team_id')
    .select(['team_members.user_id', 'space_team_grants.role', 'space_team_grants.team_id'])
    .where('space_team_grants.space_id', '=', space.id)
    .where('team_members.organization_id', '=', space.organizationId)
    .where('team_members.user_id', 'in', users)
    .execute();
  const byUser = new Map<string, SpaceGrantSource[]>();
  const add = (userId: string, source: SpaceGrantSource) =>
    byUser.set(userId, [...(byUser.get(userId) ?? []), source]);
  for (const row of own)
    if (isMemberRole(row.role)) add(row.user_id, { type: 'user', role: row.role });
  for (const row of ofTeams) {
    if (isMemberRole(row.role))
      add(row.user_id, { type: 'team', role: row.role, teamId: row.team_id });
  }
  return byUser;
}

/** Members of the space's organization who reach it: everyone with a role, and granted guests. */
export function membersReachingSpace(db: Executor, space: { id: string; organizationId: string }) {
  return db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .where('organization_members.organization_id', '=', space.organizationId)
    .where((eb) =>
      eb.or([
        eb('organization_members.role', 'is not', null),
        eb(
          'organization_members.user_id',
          'in',
          eb.selectFrom('space_user_grants').select('user_id').where('space_id', '=', space.id),
        ),
        eb(
          'organization_members.user_id',
          'in',
          eb
            .selectFrom('space_team_grants')
            .innerJoin('team_members', 'team_members.team_id', 'space_team_grants.team_id')
            .select('team_members.user_id')
            .where('space_team_grants.space_id', '=', space.id)
            .where('team_members.organization_id', '=', space.organizationId),
        ),
      ]),
    );
}
