import type { TeamRecord } from '../../store/teams.js';
import type { DomainEvent } from '../events/record-event.js';

/** The event of a change to a team or its members. */
export function teamEvent(
  action: Extract<DomainEvent['action'], `team.${string}`>,
  team: Pick<TeamRecord, 'id' | 'organizationId' | 'title'>,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: team.organizationId,
    target: { type: 'team', id: team.id, label: team.title },
    ...(payload === undefined ? {} : { payload }),
  };
}
