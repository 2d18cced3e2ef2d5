import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { managesTeam } from '../../policies/team-policy.js';
import { findMemberRole } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import {
  findTeam,
  findTeamRole,
  type TeamMemberRole,
  type TeamRecord,
  teamsOwnedBy,
} from '../../store/teams.js';
import type { Actor } from '../actor.js';

/** A team and who the caller is to it. */
export interface TeamAccess {
  team: TeamRecord;
  /** The caller's role in the team's organization. */
  organizationRole: MemberRole;
  /** The caller's role in the team, if they are in it. */
  teamRole: TeamMemberRole | undefined;
}

/**
 * Loads a team for a caller with a role in its organization; anyone else, and a team of another
 * organization, gets a 404.
 */
export async function loadTeamForCaller(
  db: Executor,
  actor: Actor,
  organizationId: string,
  teamId: string,
): Promise<TeamAccess> {
  const organizationRole = await findMemberRole(db, organizationId, actor.user.id);
  if (organizationRole === null) throw notFound(`Organization ${organizationId} not found`);
  const team = await findTeam(db, organizationId, teamId);
  if (team === undefined) throw notFound(`Team ${teamId} not found`);
  return { team, organizationRole, teamRole: await findTeamRole(db, teamId, actor.user.id) };
}

/**
 * Which of an organization's teams the caller manages, for showing many teams at once: one read
 * of the teams they own (and of their role, unless the caller already has it), then
 * {@link managesTeam} for each.
 */
export async function teamsManagedBy(
  db: Executor,
  actor: Actor,
  organizationId: string,
  knownRole?: MemberRole | null,
): Promise<(teamId: string) => boolean> {
  const organizationRole =
    knownRole === undefined ? await findMemberRole(db, organizationId, actor.user.id) : knownRole;
  const owned = await teamsOwnedBy(db, organizationId, actor.user.id);
  return (teamId) =>
    managesTeam({ organizationRole, teamRole: owned.has(teamId) ? 'owner' : undefined });
}
