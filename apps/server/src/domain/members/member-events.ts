import type { UserRecord } from '../../store/users.js';
import type { DomainEvent } from '../events/record-event.js';

/** The event of a change to a membership. */
export function memberEvent(
  action: Extract<DomainEvent['action'], `member.${string}`>,
  organizationId: string,
  user: Pick<UserRecord, 'id' | 'displayName' | 'email'>,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId,
    target: { type: 'member', id: user.id, label: user.displayName || user.email },
    ...(payload === undefined ? {} : { payload }),
  };
}
