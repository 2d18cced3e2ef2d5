import type { AppDeps } from '../deps.js';
import { attemptDelivery, deliveryTimeoutMs } from '../domain/webhooks/send-delivery.js';
import { presentWebhookBody } from '../presenters/webhook-body.js';
import type { EventRecord } from '../store/events.js';
import type { JobHandler } from './job-runner.js';

/**
 * The job that sends one webhook delivery, one attempt per run. The body receivers get is
 * presented here, at the job's edge, from the event the delivery carries.
 */
export function webhookDeliveryJob(deps: AppDeps): JobHandler {
  const services = {
    db: deps.db,
    outboundAllowPrivate: deps.outboundAllowPrivate,
    eventBody: (event: EventRecord) => JSON.stringify(presentWebhookBody(event, deps.urls)),
  };
  return {
    leaseMs: deliveryTimeoutMs * 6,
    run: (job, now) => attemptDelivery(services, String(job.payload.deliveryId), now),
  };
}
