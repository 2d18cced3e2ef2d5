import type { MemberRecord } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import { countSitesInOrganization } from '../../store/sites.js';
import { countLiveSpaces } from '../../store/spaces.js';
import { teamCountsOf } from '../../store/teams.js';

/** What a Member shows beyond its row: how many spaces and sites it reaches, teams it is in. */
export interface MemberCounts {
  spaces: number;
  teams: number;
  sites: number;
}

/**
 * The live counts of some members of one organization, by user id. A member with a role reaches
 * every space of the organization; a guest only those granted to them or their teams.
 */
export async function countsOfMembers(
  db: Executor,
  organizationId: string,
  members: readonly MemberRecord[],
): Promise<Map<string, MemberCounts>> {
  const teams = await teamCountsOf(
    db,
    organizationId,
    members.map((member) => member.userId),
  );
  const withRole = members.some((member) => member.role !== null);
  const allSpaces = withRole ? await countLiveSpaces(db, organizationId) : 0;
  // Sites are managed by the organization's members; guests reach none of them here.
  const allSites = withRole ? await countSitesInOrganization(db, organizationId) : 0;
  const counts = new Map<string, MemberCounts>();
  for (const member of members) {
    const guest = member.role === null;
    counts.set(member.userId, {
      spaces: guest ? await countLiveSpaces(db, organizationId, member.userId) : allSpaces,
      teams: teams.get(member.userId) ?? 0,
      sites: guest ? 0 : allSites,
    });
  }
  return counts;
}
