import type { components } from '@quire/contract';
import type { EventAction } from '../model/event-actions.js';
import type { DeliveryAttemptRecord, DeliveryRecord } from '../store/webhook-deliveries.js';
import type { WebhookRecord } from '../store/webhooks.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

/** A webhook, without its secret. */
export function presentWebhook(webhook: WebhookRecord, urls: Urls): Schemas['Webhook'] {
  const location = urls.api('orgs', webhook.organizationId, 'webhooks', webhook.id);
  return {
    object: 'webhook',
    id: webhook.id,
    url: webhook.url,
    description: webhook.description,
    // Stored from validated requests: actions of the contract, or `*`.
    events: webhook.events as Schemas['WebhookEventFilter'],
    active: webhook.active,
    ...(webhook.disabledReason === null ? {} : { disabledReason: webhook.disabledReason }),
    ...(webhook.failingSince === null ? {} : { failingSince: webhook.failingSince }),
    ...(webhook.secretRotatedAt === null ? {} : { secretRotatedAt: webhook.secretRotatedAt }),
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
    urls: { location, deliveries: `${location}/deliveries` },
  };
}

/** A webhook with its secret: only in the answer that made the secret. */
export function presentWebhookWithSecret(
  webhook: WebhookRecord,
  urls: Urls,
): Schemas['WebhookWithSecret'] {
  return { ...presentWebhook(webhook, urls), secret: webhook.secret };
}

/** A delivery of an event to a webhook. */
export function presentDelivery(
  delivery: DeliveryRecord,
  organizationId: string,
  urls: Urls,
): Schemas['WebhookDelivery'] {
  return {
    object: 'webhook-delivery',
    id: delivery.id,
    webhook: delivery.webhookId,
    event: { id: delivery.eventId, action: delivery.eventAction as EventAction },
    status: delivery.status,
    attemptCount: delivery.attempts,
    ...(delivery.status === 'pending' && delivery.nextAttemptAt !== null
      ? { nextAttemptAt: delivery.nextAttemptAt }
      : {}),
    ...(delivery.lastAttemptAt === null
      ? {}
      : {
          lastAttempt: presentAttempt({
            at: delivery.lastAttemptAt,
            durationMs: delivery.durationMs ?? 0,
            responseStatus: delivery.responseStatus,
            error: delivery.error,
          }),
        }),
    ...(delivery.redeliveryOf === null ? {} : { redeliveryOf: delivery.redeliveryOf }),
    createdAt: delivery.createdAt,
    urls: {
      location: urls.api(
        'orgs',
        organizationId,
        'webhooks',
        delivery.webhookId,
        'deliveries',
        delivery.id,
      ),
    },
  };
}

/** One attempt of a delivery. */
function presentAttempt(
  attempt: Omit<DeliveryAttemptRecord, 'number'>,
): Schemas['WebhookDeliveryAttempt'] {
  return {
    at: attempt.at,
    durationMs: attempt.durationMs,
    ...(attempt.responseStatus === null ? {} : { responseStatus: attempt.responseStatus }),
    ...(attempt.error === null ? {} : { error: attempt.error }),
  };
}

/** A delivery read on its own, with every attempt made, first to last. */
export function presentDeliveryDetail(
  delivery: DeliveryRecord,
  attempts: readonly DeliveryAttemptRecord[],
  organizationId: string,
  urls: Urls,
): Schemas['WebhookDeliveryDetail'] {
  return {
    ...presentDelivery(delivery, organizationId, urls),
    attempts: attempts.map(presentAttempt),
  };
}
