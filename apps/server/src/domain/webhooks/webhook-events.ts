import type { WebhookRecord } from '../../store/webhooks.js';
import type { DomainEvent } from '../events/record-event.js';

/** The event of a change to a webhook. */
export function webhookEvent(
  action: Extract<DomainEvent['action'], `webhook.${string}`>,
  webhook: Pick<WebhookRecord, 'id' | 'organizationId' | 'url' | 'description'>,
  payload?: Record<string, unknown>,
): DomainEvent {
  return {
    action,
    organizationId: webhook.organizationId,
    target: { type: 'webhook', id: webhook.id, label: webhook.description || webhook.url },
    ...(payload === undefined ? {} : { payload }),
  };
}
