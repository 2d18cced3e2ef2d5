import { forbidden } from '../errors.js';
import type { MemberRole } from '../model/roles.js';
import type { TeamMemberRole } from '../store/teams.js';

/** Who a caller is to a team: their role in its organization and, if they are in it, the team. */
export interface TeamRoles {
  organizationRole: MemberRole | null;
  teamRole: TeamMemberRole | undefined;
}

/**
 * Whether a caller manages a team's members: the organization's admins and the team's owners do.
 * @example managesTeam({ organizationRole: 'read', teamRole: 'owner' }); // true
 */
export function managesTeam({ organizationRole, teamRole }: TeamRoles): boolean {
  return organizationRole === 'admin' || teamRole === 'owner';
}

/** Throws 403 unless the caller manages the team's members. */
export function requireTeamManager(roles: TeamRoles): void {
  if (!managesTeam(roles)) {
    throw forbidden("Only admins of the organization and the team's owners may change its members");
  }
}
