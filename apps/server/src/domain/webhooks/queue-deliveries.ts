import { newId } from '../../ids.js';
import type { Executor } from '../../store/schema.js';
import { insertDeliveries } from '../../store/webhook-deliveries.js';
import { findActiveWebhooks } from '../../store/webhooks.js';
import { jobKind, queueJobs } from '../jobs/job-kind.js';
import { webhookLane } from './retry-schedule.js';

/** The job kind that sends one delivery; its payload is `{deliveryId}`. */
export const deliveryJobKind = jobKind('webhook.deliver', { deliveryId: 'string' });

/** What a delivery is made from. */
interface NewDelivery {
  webhookId: string;
  eventId: string;
  redeliveryOf: string | null;
}

/** Queues deliveries, and the jobs that send them, in `trx`: two statements however many. */
async function queueDeliveries(
  trx: Executor,
  deliveries: readonly (NewDelivery & { id: string })[],
  now: Date,
): Promise<void> {
  await insertDeliveries(trx, deliveries, now);
  await queueJobs(
    trx,
    deliveryJobKind,
    deliveries.map(({ id }) => ({ deliveryId: id })),
    // One receiver's deliveries go one at a time: a slow one holds back only its own.
    { runAt: now, now, laneOf: (_, index) => webhookLane(deliveries[index]?.webhookId ?? '') },
  );
}

/** Queues a delivery of an event to a webhook, and the job that sends it, in `trx`. */
export async function queueDelivery(
  trx: Executor,
  delivery: NewDelivery,
  now: Date,
): Promise<string> {
  const id = newId();
  await queueDeliveries(trx, [{ id, ...delivery }], now);
  return id;
}

/**
 * Queues the deliveries of a just-recorded event, in the transaction that recorded it: to every
 * active webhook of the organization that takes its action. A test event (`webhook.pinged`) goes
 * only to the webhook it tests, whatever that webhook takes.
 */
export async function queueDeliveriesOfEvent(
  trx: Executor,
  event: { id: string; organizationId: string; action: string; target: { id: string } },
  now: Date,
): Promise<void> {
  const webhooks = await findActiveWebhooks(trx, event.organizationId);
  const recipients =
    event.action === 'webhook.pinged'
      ? webhooks.filter((webhook) => webhook.id === event.target.id)
      : webhooks.filter(
          (webhook) => webhook.events.includes('*') || webhook.events.includes(event.action),
        );
  await queueDeliveries(
    trx,
    recipients.map((webhook) => ({
      id: newId(),
      webhookId: webhook.id,
      eventId: event.id,
      redeliveryOf: null,
    })),
    now,
  );
}
