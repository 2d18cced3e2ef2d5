import { type Selectable, sql } from 'kysely';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, WebhookDeliveriesTable } from './schema.js';

/** Where a delivery stands. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A stored delivery of one event to one webhook. */
export interface DeliveryRecord {
  id: string;
  webhookId: string;
  eventId: string;
  /** The action of the event, read along with the delivery. */
  eventAction: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
  redeliveryOf: string | null;
  createdAt: string;
}

type DeliveryRow = Selectable<WebhookDeliveriesTable> & { event_action: string };

function toDelivery(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventAction: row.event_action,
    status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending',
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
    redeliveryOf: row.redelivery_of,
    createdAt: row.created_at,
  };
}

/** Stores new pending deliveries, due at once, in one statement. */
export async function insertDeliveries(
  db: Executor,
  deliveries: readonly {
    id: string;
    webhookId: string;
    eventId: string;
    redeliveryOf: string | null;
  }[],
  now: Date,
): Promise<void> {
  if (deliveries.length === 0) return;
  const at = now.toISOString();
  await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((delivery) => ({
        id: delivery.id,
        webhook_id: delivery.webhookId,
        event_id: delivery.eventId,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_attempt_at: null,
        response_status: null,
        duration_ms: null,
        error: null,
        redelivery_of: delivery.redeliveryOf,
        created_at: at,
      })),
    )
    .execute();
}

/** The outcome of one attempt, and what the delivery becomes. */
export interface DeliveryAttempt {
  at: Date;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Records an attempt of a delivery: kept in the delivery's history, and as its latest attempt.
 * Attempts of one delivery are made one at a time (its job holds a lease), so numbering from the
 * delivery's count is safe.
 */
export async function recordDeliveryAttempt(
  db: Executor,
  id: string,
  attempt: DeliveryAttempt,
): Promise<void> {
  await db
    .insertInto('webhook_delivery_attempts')
    .values((eb) => ({
      delivery_id: id,
      number: eb
        .selectFrom('webhook_deliveries')
        .select(sql<number>`attempts + 1`.as('number'))
        .where('id', '=', id),
      at: attempt.at.toISOString(),
      response_status: attempt.responseStatus,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    }))
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: attempt.status,
      attempts: eb('attempts', '+', 1),
      next_attempt_at: attempt.nextAttemptAt?.toISOString() ?? null,
      last_attempt_at: attempt.at.toISOString(),
      response_status: attempt.responseStatus,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    }))
    .where('id', '=', id)
    .execute();
}

/** Ends a pending delivery without another attempt (its webhook was turned off). */
export async function abandonDelivery(db: Executor, id: string, reason: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, error: reason })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

function deliveriesWithAction(db: Executor) {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('events', 'events.id', 'webhook_deliveries.event_id');
}

/** One delivery of a webhook, if it exists. */
export async function findDelivery(
  db: Executor,
  webhookId: string,
  id: string,
): Promise<DeliveryRecord | undefined> {
  const row = await deliveriesWithAction(db)
    .selectAll('webhook_deliveries')
    .select('events.action as event_action')
    .where('webhook_deliveries.webhook_id', '=', webhookId)
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
  return row && toDelivery(row);
}

/** The delivery of an event to a webhook (the first, if it was redelivered). */
export async function findDeliveryOfEvent(
  db: Executor,
  webhookId: string,
  eventId: string,
): Promise<DeliveryRecord | undefined> {
  const row = await deliveriesWithAction(db)
    .selectAll('webhook_deliveries')
    .select('events.action as event_action')
    .where('webhook_deliveries.webhook_id', '=', webhookId)
    .where('webhook_deliveries.event_id', '=', eventId)
    .orderBy('webhook_deliveries.created_at')
    .executeTakeFirst();
  return row && toDelivery(row);
}

/** A delivery by id alone, for the job that sends it. */
export async function findDeliveryById(
  db: Executor,
  id: string,
): Promise<DeliveryRecord | undefined> {
  const row = await deliveriesWithAction(db)
    .selectAll('webhook_deliveries')
    .select('events.action as event_action')
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
  return row && toDelivery(row);
}

/** A page of a webhook's deliveries, newest first. */
export async function listDeliveriesOfWebhook(
  db: Executor,
  webhookId: string,
  status: DeliveryStatus | undefined,
  request: PageRequest,
): Promise<Page<DeliveryRecord>> {
  const page = await keysetPage(
    deliveriesWithAction(db)
      .where('webhook_deliveries.webhook_id', '=', webhookId)
      .$if(status !== undefined, (query) =>
        query.where('webhook_deliveries.status', '=', status ?? ''),
      ),
    (query) => query.selectAll('webhook_deliveries').select('events.action as event_action'),
    {
      columns: ['webhook_deliveries.created_at', 'webhook_deliveries.id'],
      direction: 'desc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toDelivery);
}

/** One attempt of a delivery, as kept. */
export interface DeliveryAttemptRecord {
  number: number;
  at: string;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** Every attempt of a delivery, first to last. */
export async function listAttemptsOfDelivery(
  db: Executor,
  deliveryId: string,
): Promise<DeliveryAttemptRecord[]> {
  const rows = await db
    .selectFrom('webhook_delivery_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('number')
    .execute();
  return rows.map((row) => ({
    number: row.number,
    at: row.at,
    responseStatus: row.response_status,
    durationMs: row.duration_ms,
    error: row.error,
  }));
}
