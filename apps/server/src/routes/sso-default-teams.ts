import type { Executor } from '../store/schema.js';
import { findTeamsByIds, type TeamRecord } from '../store/teams.js';

/** The default teams of an organization's SSO providers, read in one query, by id. */
export async function defaultTeamsOf(
  db: Executor,
  providers: readonly { organizationId: string; defaultTeamId: string | null }[],
): Promise<Map<string, TeamRecord>> {
  const [first] = providers;
  if (first === undefined) return new Map();
  return findTeamsByIds(
    db,
    first.organizationId,
    providers.flatMap((provider) => provider.defaultTeamId ?? []),
  );
}
