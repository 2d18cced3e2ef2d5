import { isMemberRole, type MemberRole } from '../model/roles.js';
import type { DialectName } from './database/dialect.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import type { Executor } from './schema.js';
import { containsIgnoringCase } from './text-filters.js';
import { toUser, type UserRecord } from './users.js';

/** A user's membership of an organization; `role` is `null` for a guest. */
export interface MembershipRecord {
  organizationId: string;
  userId: string;
  role: MemberRole | null;
  joinedAt: string;
}

/** A membership with its user and what the member list shows. */
export interface MemberRecord extends MembershipRecord {
  user: UserRecord;
  lastSeenAt: string | null;
  sso: boolean;
}

/** Adds a user to an organization with a role (`null`: as a guest). */
export async function insertMembership(
  db: Executor,
  membership: MembershipRecord & { sso?: boolean },
): Promise<void> {
  await db
    .insertInto('organization_members')
    .values({
      organization_id: membership.organizationId,
      user_id: membership.userId,
      role: membership.role,
      joined_at: membership.joinedAt,
      last_seen_at: null,
      sso: membership.sso === true ? 1 : 0,
    })
    .execute();
}

/**
 * The role a user has in an organization, or `null` when they are not a member or are a guest:
 * guests have no organization role, so everything that needs one treats them as outsiders.
 */
export async function findMemberRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<MemberRole | null> {
  const member = await findMember(db, organizationId, userId);
  return member?.role ?? null;
}

/** The organization's memberships joined to their users, for reads that answer members. */
export function memberQuery(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_members')
    .innerJoin('users', 'users.id', 'organization_members.user_id')
    .where('organization_members.organization_id', '=', organizationId);
}

/** A membership row joined to its user, as a record. */
export function toMember(row: {
  organization_id: string;
  user_id: string;
  role: string | null;
  joined_at: string;
  last_seen_at: string | null;
  sso: number;
  id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: string;
}): MemberRecord {
  return {
    organizationId: row.organization_id,
    userId: row.user_id,
    role: isMemberRole(row.role) ? row.role : null,
    joinedAt: row.joined_at,
    lastSeenAt: row.last_seen_at,
    sso: row.sso === 1,
    user: toUser(row),
  };
}

/** A member of an organization (guests included), if the user is one. */
export async function findMember(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<MemberRecord | undefined> {
  const row = await memberQuery(db, organizationId)
    .selectAll('organization_members')
    .selectAll('users')
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  return row && toMember(row);
}

/** How the member list is filtered and sorted. */
export interface MemberListQuery extends PageRequest {
  role?: MemberRole | 'guest' | undefined;
  search?: string | undefined;
  sort: 'joinedAt' | 'lastSeenAt';
  order: 'asc' | 'desc';
}

/** A page of an organization's members; sorting by `lastSeenAt` leaves out those never seen. */
export async function listMembers(
  db: Executor,
  organizationId: string,
  query: MemberListQuery,
): Promise<Page<MemberRecord>> {
  const sortColumn =
    query.sort === 'lastSeenAt'
      ? 'organization_members.last_seen_at'
      : 'organization_members.joined_at';
  const { search } = query;
  const page = await keysetPage(
    memberQuery(db, organizationId)
      .$if(query.role === 'guest', (q) => q.where('organization_members.role', 'is', null))
      .$if(query.role !== undefined && query.role !== 'guest', (q) =>
        q.where('organization_members.role', '=', query.role ?? ''),
      )
      .$if(query.sort === 'lastSeenAt', (q) =>
        q.where('organization_members.last_seen_at', 'is not', null),
      )
      .$if(search !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            containsIgnoringCase('users.display_name', search ?? ''),
            containsIgnoringCase('users.email', search ?? ''),
          ]),
        ),
      ),
    (q) => q.selectAll('organization_members').selectAll('users'),
    {
      columns: [sortColumn, 'organization_members.user_id'],
      direction: query.order,
      cursorOf: (row) => [
        (query.sort === 'lastSeenAt' ? row.last_seen_at : row.joined_at) ?? '',
        row.user_id,
      ],
    },
    query,
  );
  return { ...page, items: page.items.map(toMember) };
}

/** Sets a member's role (`null`: makes them a guest). */
export async function updateMemberRole(
  db: Executor,
  organizationId: string,
  userId: string,
  role: MemberRole | null,
): Promise<void> {
  await db
    .updateTable('organization_members')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Marks a member as signing in through the organization's SAML provider. */
export async function markMemberSso(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('organization_members')
    .set({ sso: 1 })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Records when a member was last seen. */
export async function touchMemberLastSeen(
  db: Executor,
  organizationId: string,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('organization_members')
    .set({ last_seen_at: at })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Removes a member from an organization with their team memberships and space grants there.
 * What they wrote (comments, change requests) stays.
 */
export async function deleteMembership(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('team_members')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .deleteFrom('space_user_grants')
    .where('user_id', '=', userId)
    .where('space_id', 'in', (eb) =>
      eb.selectFrom('spaces').select('id').where('organization_id', '=', organizationId),
    )
    .execute();
  await db
    .deleteFrom('organization_members')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The organization's longest-standing admin (its creator, unless they left), if any. */
export async function findFirstAdmin(
  db: Executor,
  organizationId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .orderBy('joined_at')
    .orderBy('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * The admins of an organization, locked on PostgreSQL until the transaction ends, so that two
 * concurrent demotions cannot both see another admin left (SQLite runs one writer at a time).
 */
export async function lockAdmins(
  db: Executor,
  dialect: DialectName,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'admin')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  return rows.map((row) => row.user_id);
}

/** Which of these users are members of the organization (guests included). */
export async function membersAmong(
  db: Executor,
  organizationId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', unique)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Members of the organization by email (emails are stored lower-cased), by email. */
export async function membersByEmail(
  db: Executor,
  organizationId: string,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (unique.length === 0) return new Map();
  const rows = await memberQuery(db, organizationId)
    .select(['users.email', 'users.id'])
    .where('users.email', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** The organizations a user is a member of (guests left out), with their role in each. */
export async function memberRolesOfUser(
  db: Executor,
  userId: string,
): Promise<Map<string, MemberRole>> {
  const rows = await db
    .selectFrom('organization_members')
    .select(['organization_id', 'role'])
    .where('user_id', '=', userId)
    .where('role', 'is not', null)
    .execute();
  const roles = new Map<string, MemberRole>();
  for (const row of rows) {
    if (row.role !== null && isMemberRole(row.role)) roles.set(row.organization_id, row.role);
  }
  return roles;
}
