import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import {
  type DeliveryRecord,
  findDelivery,
  findDeliveryOfEvent,
} from '../../store/webhook-deliveries.js';
import type { WebhookRecord } from '../../store/webhooks.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { queueDelivery } from './queue-deliveries.js';
import { webhookEvent } from './webhook-events.js';

function requireActive(webhook: WebhookRecord, action: string): void {
  if (!webhook.active) {
    throw conflict(`Webhook ${webhook.id} is turned off; turn it on (active: true) to ${action}`);
  }
}

/** Records a test event for one webhook; its delivery is queued like any other's. */
export async function pingWebhook(
  db: Kysely<Database>,
  actor: Actor,
  webhook: WebhookRecord,
  now: Date,
): Promise<DeliveryRecord> {
  requireActive(webhook, 'send it a test event');
  return db.transaction().execute(async (trx) => {
    const eventId = await recordEvent(trx, actor, webhookEvent('webhook.pinged', webhook), now);
    const delivery = await findDeliveryOfEvent(trx, webhook.id, eventId);
    if (delivery === undefined) throw new Error(`The test event ${eventId} was not queued`);
    return delivery;
  });
}

/** Queues a new delivery of the event of an earlier one, with attempts of its own. */
export async function redeliver(
  db: Kysely<Database>,
  actor: Actor,
  webhook: WebhookRecord,
  deliveryId: string,
  now: Date,
): Promise<DeliveryRecord> {
  return db.transaction().execute(async (trx) => {
    const original = await findDelivery(trx, webhook.id, deliveryId);
    if (original === undefined) throw notFound(`Delivery ${deliveryId} not found`);
    requireActive(webhook, 'send events again');
    const id = await queueDelivery(
      trx,
      { webhookId: webhook.id, eventId: original.eventId, redeliveryOf: original.id },
      now,
    );
    await recordEvent(
      trx,
      actor,
      webhookEvent('webhook.redelivered', webhook, {
        deliveryId: original.id,
        eventId: original.eventId,
      }),
      now,
    );
    const delivery = await findDelivery(trx, webhook.id, id);
    if (delivery === undefined) throw new Error(`Delivery ${id} was not stored`);
    return delivery;
  });
}
