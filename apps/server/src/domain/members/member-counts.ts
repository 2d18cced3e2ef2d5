import type { MemberRecord } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import { countLiveSpaces } from '../../store/spaces.js';
import { teamCountsOf } from '../../store/teams.js';

/** What a Member shows beyond its row: how many spaces it reaches and teams it is in. */
export interface MemberCounts {
  spaces: number;
  teams: number;
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
  const allSpaces = members.some((member) => member.role !== null)
    ? await countLiveSpaces(db, organizationId)
    : 0;
  const counts = new Map<string, MemberCounts>();
  for (const member of members) {
    const spaces =
      member.role === null ? await countLiveSpaces(db, organizationId, member.userId) : allSpaces;
    counts.set(member.userId, { spaces, teams: teams.get(member.userId) ?? 0 });
  }
  return counts;
}
