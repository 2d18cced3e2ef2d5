import { type ExpressionBuilder, sql } from 'kysely';
import { storedEnum } from '../model/enums.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import type { Database, Executor } from './schema.js';
import { containsIgnoringCase } from './text-filters.js';

/** Roles in a team: an `owner` manages the team's members. */
export const teamMemberRoles = ['owner', 'member'] as const;
export type TeamMemberRole = (typeof teamMemberRoles)[number];

/** A stored team, with the counts the API shows. */
export interface TeamRecord {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** How many members it has. */
  members: number;
  /** How many live spaces it was granted a role on. */
  spaces: number;
}

function teamsWithCounts(db: Executor) {
  return db.selectFrom('teams').select(teamCounts);
}

/** A team's live counts: its members, and the spaces (not deleted) granted to it. */
function teamCounts(eb: ExpressionBuilder<Database, 'teams'>) {
  return [
    eb
      .selectFrom('team_members as counted')
      .select(sql<number | string>`count(*)`.as('n'))
      .whereRef('counted.team_id', '=', 'teams.id')
      .as('member_count'),
    eb
      .selectFrom('space_team_grants')
      .innerJoin('spaces', 'spaces.id', 'space_team_grants.space_id')
      .select(sql<number | string>`count(*)`.as('n'))
      .whereRef('space_team_grants.team_id', '=', 'teams.id')
      .where('spaces.deleted_at', 'is', null)
      .as('space_count'),
  ];
}

function toTeam(row: {
  id: string;
  organization_id: string;
  title: string;
  created_at: string;
  updated_at: string;
  member_count: number | string | null;
  space_count: number | string | null;
}): TeamRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    members: Number(row.member_count ?? 0),
    spaces: Number(row.space_count ?? 0),
  };
}

/** Stores a new team. */
export async function insertTeam(
  db: Executor,
  team: Pick<TeamRecord, 'id' | 'organizationId' | 'title' | 'createdAt'>,
): Promise<void> {
  await db
    .insertInto('teams')
    .values({
      id: team.id,
      organization_id: team.organizationId,
      title: team.title,
      created_at: team.createdAt,
      updated_at: team.createdAt,
    })
    .execute();
}

/**
 * The team of an organization with this id, if any; a team of another organization is not found.
 * @example const team = await findTeam(db, organizationId, teamId);
 */
export async function findTeam(
  db: Executor,
  organizationId: string,
  teamId: string,
): Promise<TeamRecord | undefined> {
  const row = await teamsWithCounts(db)
    .selectAll('teams')
    .where('teams.organization_id', '=', organizationId)
    .where('teams.id', '=', teamId)
    .executeTakeFirst();
  return row && toTeam(row);
}

/** How the team list is filtered. */
export interface TeamListQuery extends PageRequest {
  title?: string | undefined;
  /** Only teams this user owns. */
  ownedBy?: string | undefined;
}

/** A page of an organization's teams, oldest first. */
export async function listTeams(
  db: Executor,
  organizationId: string,
  query: TeamListQuery,
): Promise<Page<TeamRecord>> {
  const { title } = query;
  const page = await keysetPage(
    db
      .selectFrom('teams')
      .where('teams.organization_id', '=', organizationId)
      .$if(title !== undefined, (q) => q.where(containsIgnoringCase('teams.title', title ?? '')))
      .$if(query.ownedBy !== undefined, (q) =>
        q.where('teams.id', 'in', (eb) =>
          eb
            .selectFrom('team_members')
            .select('team_id')
            .where('user_id', '=', query.ownedBy ?? '')
            .where('role', '=', 'owner'),
        ),
      ),
    (q) => q.selectAll('teams').select(teamCounts),
    {
      columns: ['teams.created_at', 'teams.id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    query,
  );
  return { ...page, items: page.items.map(toTeam) };
}

/** Renames a team. */
export async function renameTeam(db: Executor, teamId: string, title: string, at: string) {
  await db.updateTable('teams').set({ title, updated_at: at }).where('id', '=', teamId).execute();
}

/** Deletes a team with its memberships and grants. */
export async function deleteTeam(db: Executor, teamId: string): Promise<void> {
  await db.deleteFrom('space_team_grants').where('team_id', '=', teamId).execute();
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute();
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
}

/** A user's role in a team, if they are in it. */
export async function findTeamRole(
  db: Executor,
  teamId: string,
  userId: string,
): Promise<TeamMemberRole | undefined> {
  const row = await db
    .selectFrom('team_members')
    .select('role')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && storedEnum(teamMemberRoles, row.role, 'team role');
}

/** Puts a user in a team with a role, or changes the role they have there. */
export async function upsertTeamMember(
  db: Executor,
  team: Pick<TeamRecord, 'id' | 'organizationId'>,
  userId: string,
  role: TeamMemberRole,
  at: string,
): Promise<void> {
  await db
    .insertInto('team_members')
    .values({
      team_id: team.id,
      organization_id: team.organizationId,
      user_id: userId,
      role,
      joined_at: at,
    })
    .onConflict((conflict) => conflict.columns(['team_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** Puts a user in a team as a `member` unless they are in it already. */
export async function addTeamMemberIfAbsent(
  db: Executor,
  team: Pick<TeamRecord, 'id' | 'organizationId'>,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('team_members')
    .values({
      team_id: team.id,
      organization_id: team.organizationId,
      user_id: userId,
      role: 'member',
      joined_at: at,
    })
    .onConflict((conflict) => conflict.columns(['team_id', 'user_id']).doNothing())
    .execute();
}

/** Takes users out of a team. */
export async function removeTeamMembers(
  db: Executor,
  teamId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('team_members')
    .where('team_id', '=', teamId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** A member of a team: the user's id and their role there. */
export interface TeamMembershipRecord {
  userId: string;
  role: TeamMemberRole;
  joinedAt: string;
}

/** A page of a team's members, oldest membership first. */
export async function listTeamMembers(
  db: Executor,
  teamId: string,
  request: PageRequest,
): Promise<Page<TeamMembershipRecord>> {
  const page = await keysetPage(
    db.selectFrom('team_members').where('team_id', '=', teamId),
    (q) => q.select(['user_id', 'role', 'joined_at']),
    {
      columns: ['joined_at', 'user_id'],
      direction: 'asc',
      cursorOf: (row) => [row.joined_at, row.user_id],
    },
    request,
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      userId: row.user_id,
      role: storedEnum(teamMemberRoles, row.role, 'team role'),
      joinedAt: row.joined_at,
    })),
  };
}

/** Teams of an organization by id, with their counts; ids of other teams are left out. */
export async function findTeamsByIds(
  db: Executor,
  organizationId: string,
  teamIds: readonly string[],
): Promise<Map<string, TeamRecord>> {
  if (teamIds.length === 0) return new Map();
  const rows = await teamsWithCounts(db)
    .selectAll('teams')
    .where('teams.organization_id', '=', organizationId)
    .where('teams.id', 'in', [...teamIds])
    .execute();
  return new Map(rows.map((row) => [row.id, toTeam(row)]));
}

/** A team a user is in, with their role there. */
export interface UserTeamRecord {
  team: TeamRecord;
  role: TeamMemberRole;
}

/** A page of the teams of an organization a user is in, oldest membership first. */
export async function listTeamsOfMember(
  db: Executor,
  organizationId: string,
  userId: string,
  query: PageRequest & { title?: string | undefined },
): Promise<Page<UserTeamRecord>> {
  const { title } = query;
  const page = await keysetPage(
    db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .where('team_members.organization_id', '=', organizationId)
      .where('team_members.user_id', '=', userId)
      .$if(title !== undefined, (q) => q.where(containsIgnoringCase('teams.title', title ?? ''))),
    (q) =>
      q
        .selectAll('teams')
        .select(['team_members.role as member_role', 'team_members.joined_at as member_joined_at'])
        .select(teamCounts),
    {
      columns: ['team_members.joined_at', 'teams.id'],
      direction: 'asc',
      cursorOf: (row) => [row.member_joined_at, row.id],
    },
    query,
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      team: toTeam(row),
      role: storedEnum(teamMemberRoles, row.member_role, 'team role'),
    })),
  };
}

/** How many teams of the organization each of these users is in. */
export async function teamCountsOf(
  db: Executor,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('team_members')
    .select(['user_id', sql<number | string>`count(*)`.as('n')])
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', [...new Set(userIds)])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
}

/** The ids of the teams of an organization a user owns. */
export async function teamsOwnedBy(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('team_members')
    .select('team_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('role', '=', 'owner')
    .execute();
  return new Set(rows.map((row) => row.team_id));
}
