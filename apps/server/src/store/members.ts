import { isMemberRole, type MemberRole } from '../model/roles.js';
import type { Executor } from './schema.js';

/** A user's membership of an organization. */
export interface MembershipRecord {
  organizationId: string;
  userId: string;
  role: MemberRole;
  joinedAt: string;
}

/** Adds a user to an organization with a role. */
export async function insertMembership(db: Executor, membership: MembershipRecord): Promise<void> {
  await db
    .insertInto('organization_members')
    .values({
      organization_id: membership.organizationId,
      user_id: membership.userId,
      role: membership.role,
      joined_at: membership.joinedAt,
      last_seen_at: null,
    })
    .execute();
}

/** The role a user has in an organization, or `null` when they are not a member. */
export async function findMemberRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<MemberRole | null> {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && isMemberRole(row.role) ? row.role : null;
}

/** Which of these users are members of the organization. */
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
