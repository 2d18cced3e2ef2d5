import type { components } from '@quire/contract';
import type { EventRecord } from '../store/events.js';
import { presentAuditEventDetail } from './audit-event.js';
import type { Urls } from './urls.js';

/** The body a webhook receiver gets for an event (the contract's `webhooks:` section). */
export function presentWebhookBody(
  event: EventRecord,
  urls: Urls,
): components['schemas']['WebhookPayload'] {
  const data = presentAuditEventDetail(event, urls);
  return { type: data.action, timestamp: data.occurredAt, data };
}
