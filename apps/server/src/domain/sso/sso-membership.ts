import { invalid } from '../../errors.js';
import type { Executor } from '../../store/schema.js';
import { findTeam, type TeamRecord } from '../../store/teams.js';

/** Refuses, with 400, a default team that is not a team of the organization. */
export async function requireTeamForSso(
  db: Executor,
  organizationId: string,
  teamId: string,
): Promise<TeamRecord> {
  const team = await findTeam(db, organizationId, teamId);
  if (team === undefined) {
    throw invalid(`Invalid defaultTeam: team ${teamId} not found in this organization`);
  }
  return team;
}
