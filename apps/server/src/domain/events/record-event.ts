import { randomUUID } from 'node:crypto';
import type { EventAction } from '../../model/event-actions.js';
import { insertEvent } from '../../store/events.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { queueDeliveriesOfEvent } from '../webhooks/queue-deliveries.js';

/** What an event is about: a kind of resource, its id, and a name a person recognizes. */
export interface EventTarget {
  type:
    | 'organization'
    | 'collection'
    | 'space'
    | 'change-request'
    | 'comment'
    | 'comment-reply'
    | 'webhook'
    | 'saml-provider'
    | 'oidc-provider'
    | 'user'
    | 'site'
    | 'site-section'
    | 'site-section-group'
    | 'site-space'
    | 'share-link'
    | 'site-redirect'
    | 'openapi-spec'
    | 'member'
    | 'team'
    | 'invite-link'
    | 'translation'
    | 'integration'
    | 'integration-installation';
  id: string;
  label: string;
}

/** One change to record. */
export interface DomainEvent {
  action: EventAction;
  organizationId: string;
  target: EventTarget;
  /** A few fields saying what changed; never a whole resource. */
  payload?: Record<string, unknown>;
}

/** The event of a change to an organization itself. */
export function organizationEvent(
  action: 'organization.created' | 'organization.updated',
  organization: { id: string; title: string },
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: organization.id,
    target: { type: 'organization', id: organization.id, label: organization.title },
    ...(payload === undefined ? {} : { payload }),
  };
}

/** Who makes background changes: the server itself. */
export const systemActor = { system: true } as const;

/**
 * Records that something changed, in `trx`: the transaction of the change itself, so an event
 * exists exactly when its change was committed (an outbox), and a refused or failed request
 * records nothing. Every write of the domain calls this; the audit log reads these rows, and the
 * deliveries to the organization's webhooks are queued here, in the same transaction. Answers
 * the event's id.
 * @example await recordEvent(trx, actor, { action: 'space.created', organizationId, target }, now);
 */
export async function recordEvent(
  trx: Executor,
  actor: Actor | typeof systemActor,
  event: DomainEvent,
  now: Date,
): Promise<string> {
  const byUser = 'user' in actor;
  const id = randomUUID();
  await insertEvent(trx, {
    id,
    organizationId: event.organizationId,
    action: event.action,
    actor: byUser
      ? { type: 'user', id: actor.user.id, label: actor.user.displayName || actor.user.email }
      : { type: 'system', id: 'quire', label: 'Quire' },
    target: event.target,
    source: byUser ? 'api' : 'workflow',
    requestId: byUser ? (actor.requestId ?? null) : null,
    payload: event.payload ?? {},
    occurredAt: now.toISOString(),
  });
  await queueDeliveriesOfEvent(trx, { id, ...event }, now);
  return id;
}
