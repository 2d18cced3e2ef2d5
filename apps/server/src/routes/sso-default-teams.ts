import type { Executor } from '../store/schema.js';
import { findTeamsByIds, type TeamRecord } from '../store/teams.js';

/** An SSO provider of either protocol, as far as its default team goes. */
interface WithDefaultTeam {
  organizationId: string;
  defaultTeamId: string | null;
}

/** Providers as the API shows them, each with its default team; the teams read in one query. */
export async function presentWithDefaultTeams<Provider extends WithDefaultTeam, Presented>(
  db: Executor,
  providers: readonly Provider[],
  present: (provider: Provider, defaultTeam: TeamRecord | undefined) => Presented,
): Promise<Presented[]> {
  const [first] = providers;
  const teams =
    first === undefined
      ? new Map<string, TeamRecord>()
      : await findTeamsByIds(
          db,
          first.organizationId,
          providers.flatMap((provider) => provider.defaultTeamId ?? []),
        );
  return providers.map((provider) =>
    present(
      provider,
      provider.defaultTeamId === null ? undefined : teams.get(provider.defaultTeamId),
    ),
  );
}

/** One provider as the API shows it, with its default team. */
export async function presentWithDefaultTeam<Provider extends WithDefaultTeam, Presented>(
  db: Executor,
  provider: Provider,
  present: (provider: Provider, defaultTeam: TeamRecord | undefined) => Presented,
): Promise<Presented> {
  const [presented] = await presentWithDefaultTeams(db, [provider], present);
  if (presented === undefined) throw new Error('A provider was not presented');
  return presented;
}
