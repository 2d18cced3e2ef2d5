import type { components } from '@quire/contract';
import { type EventAction, eventActionLabels } from '../model/event-actions.js';
import type { EventRecord } from '../store/events.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

const knownActions: ReadonlySet<string> = new Set(eventActionLabels.keys());
const isEventAction = (action: string): action is EventAction => knownActions.has(action);

/** An event as the audit log lists it. */
export function presentAuditEvent(event: EventRecord, urls: Urls): Schemas['AuditEvent'] {
  if (!isEventAction(event.action))
    throw new Error(`Stored event action ${event.action} is unknown`);
  return {
    object: 'audit-event',
    id: event.id,
    occurredAt: event.occurredAt,
    action: event.action,
    actor: event.actor,
    source: event.source,
    target: event.target,
    urls: { location: urls.api('orgs', event.organizationId, 'audit-events', event.id) },
  };
}

/** One event read on its own: with its payload and what it belongs to. */
export function presentAuditEventDetail(
  event: EventRecord,
  urls: Urls,
): Schemas['AuditEventDetail'] {
  return {
    ...presentAuditEvent(event, urls),
    executionId: event.requestId ?? event.id,
    ...(event.requestId === null ? {} : { correlationId: event.requestId }),
    schemaVersion: 1,
    payload: event.payload,
  };
}

/** Every action the audit log can show, with its label. */
export function presentAuditEventActions(): Schemas['AuditEventActionList'] {
  return {
    items: [...eventActionLabels].map(([id, label]) => ({
      object: 'audit-event-action' as const,
      id,
      label,
    })),
  };
}
