import type { EventAction } from '../../model/event-actions.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { DomainEvent } from './record-event.js';

/**
 * The event of a change to a space, about the space as it is after the change.
 * @example await recordEvent(trx, actor, spaceEvent('space.moved', moved), now);
 */
export function spaceEvent(
  action: EventAction,
  space: Pick<SpaceRecord, 'id' | 'title' | 'organizationId'>,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: space.organizationId,
    target: { type: 'space', id: space.id, label: space.title },
    ...(payload === undefined ? {} : { payload }),
  };
}

/** The event of a change to a change request of `space`. */
export function changeRequestEvent(
  action: EventAction,
  space: Pick<SpaceRecord, 'organizationId'>,
  changeRequest: { id: string; number: number; subject: string },
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: space.organizationId,
    target: {
      type: 'change-request',
      id: changeRequest.id,
      label: `#${changeRequest.number}${changeRequest.subject === '' ? '' : ` ${changeRequest.subject}`}`,
    },
    ...(payload === undefined ? {} : { payload }),
  };
}
