import { deliveryJobKind } from '../domain/webhooks/queue-deliveries.js';
import { deliveryTimeoutMs, runDeliveryAttempt } from '../domain/webhooks/run-delivery-attempt.js';
import { presentWebhookBody } from '../presenters/webhook-body.js';
import type { AppServices } from '../services/app-services.js';
import type { EventRecord } from '../store/events.js';
import { defineJob, type JobDefinition } from './define-job.js';

/**
 * The job that sends one webhook delivery, one attempt per run. The body receivers get is
 * presented here, at the job's edge, from the event the delivery carries.
 */
export function webhookDeliveryJob(services: AppServices): JobDefinition {
  const sending = {
    db: services.db,
    outboundAllowPrivate: services.outboundAllowPrivate,
    eventBody: (event: EventRecord) => JSON.stringify(presentWebhookBody(event, services.urls)),
  };
  return defineJob(deliveryJobKind, {
    // An attempt takes the receiver's timeout at most; a run renews its lease as it goes.
    leaseMs: deliveryTimeoutMs * 6,
    // Receivers that answer slowly hold two of a process's four slots at most, never the rest.
    concurrency: 2,
    run: ({ deliveryId }, run) => runDeliveryAttempt(sending, deliveryId, run),
  });
}
