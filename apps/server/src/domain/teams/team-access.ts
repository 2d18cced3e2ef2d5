import { forbidden, notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { findMemberRole } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import { findTeam, findTeamRole, type TeamMemberRole, type TeamRecord } from '../../store/teams.js';
import type { Actor } from '../actor.js';

/** A team and who the caller is to it. */
export interface TeamAccess {
  team: TeamRecord;
  /** The caller's role in the team's organization. */
  organizationRole: MemberRole;
  /** The caller's role in the team, if they are in it. */
  teamRole: TeamMemberRole | undefined;
}

/** Whether the caller manages the team's members: org admins and the team's owners do. */
export function managesTeam(access: Pick<TeamAccess, 'organizationRole' | 'teamRole'>): boolean {
  return access.organizationRole === 'admin' || access.teamRole === 'owner';
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

/** Throws 403 unless the caller manages the team's members. */
export function requireTeamManager(access: TeamAccess): void {
  if (!managesTeam(access)) {
    throw forbidden("Only admins of the organization and the team's owners may change its members");
  }
}
