import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { shorten } from '../../errors.js';
import { fetchOutbound } from '../../outbound/fetch-outbound.js';
import { OutboundError } from '../../outbound/outbound-error.js';
import { type EventRecord, findEventById } from '../../store/events.js';
import { deferLane } from '../../store/jobs.js';
import type { Database } from '../../store/schema.js';
import {
  abandonDelivery,
  findDeliveryById,
  recordDeliveryAttempt,
} from '../../store/webhook-deliveries.js';
import {
  findWebhookById,
  markWebhookFailing,
  markWebhookSucceeding,
  updateWebhook,
  type WebhookRecord,
} from '../../store/webhooks.js';
import { recordEvent, systemActor } from '../events/record-event.js';
import type { JobOutcome } from '../jobs/job-outcome.js';
import { nextAttemptAt, receiverRetryAt, webhookLane } from './retry-schedule.js';
import { webhookEvent } from './webhook-events.js';
import { signWebhookRequest } from './webhook-signature.js';

/** How long a receiver has to answer. */
export const deliveryTimeoutMs = 10_000;

/** What the log says of an attempt whose server stopped before it recorded how it went. */
export const interruptedAttempt =
  'No outcome: the server making this attempt stopped before it was recorded. The receiver may ' +
  'have received it; the next attempt sends the same webhook-id.';

/** What sending needs from the server. */
export interface DeliveryServices {
  db: Kysely<Database>;
  outboundAllowPrivate: boolean;
  /** The body receivers get for an event, as the contract's `webhooks:` section describes it. */
  eventBody(event: EventRecord): string;
}

/** The outcome of one POST to a receiver. */
interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Makes one attempt at a delivery. A 2xx answer settles it; anything else is retried on the
 * schedule of {@link nextAttemptAt}. When the last attempt fails and nothing the webhook was sent
 * has succeeded since this delivery began (a day and more of failures), the server turns the
 * webhook off and says why.
 */
export async function runDeliveryAttempt(
  services: DeliveryServices,
  deliveryId: string,
  { now, interrupted }: { now: Date; interrupted: boolean },
): Promise<JobOutcome> {
  const { db } = services;
  const delivery = await findDeliveryById(db, deliveryId);
  // Gone with its webhook or its event, or already settled by an earlier run.
  if (delivery === undefined || delivery.status !== 'pending') return { done: true };
  const [webhook, event] = await Promise.all([
    findWebhookById(db, delivery.webhookId),
    findEventById(db, delivery.eventId),
  ]);
  if (webhook === undefined || event === undefined) return { done: true };
  if (!webhook.active) {
    await abandonDelivery(db, delivery.id, 'The webhook was turned off before this attempt');
    return { done: true };
  }

  let attemptsMade = delivery.attempts;
  if (interrupted) {
    // The run before this one was cut off (its server stopped). Had it recorded its attempt, the
    // delivery would wait for its next one; it did not, so the log says what is known.
    if (delivery.nextAttemptAt !== null && delivery.nextAttemptAt > now.toISOString()) {
      return { retryAt: new Date(delivery.nextAttemptAt), error: 'waiting for its next attempt' };
    }
    await recordDeliveryAttempt(db, delivery.id, {
      at: now,
      status: 'pending',
      nextAttemptAt: now,
      responseStatus: null,
      durationMs: 0,
      error: interruptedAttempt,
    });
    attemptsMade += 1;
  }

  const result = await send(services, webhook, event, now);
  const attempt = attemptsMade + 1;
  if (result.ok) {
    await db.transaction().execute(async (trx) => {
      await recordDeliveryAttempt(trx, delivery.id, {
        at: now,
        status: 'succeeded',
        nextAttemptAt: null,
        ...result,
      });
      await markWebhookSucceeding(trx, webhook.id);
    });
    return { done: true };
  }
  const retryAt = nextAttemptAt(attempt, now);
  await db.transaction().execute(async (trx) => {
    const failingSince = await markWebhookFailing(trx, webhook.id, now);
    await recordDeliveryAttempt(trx, delivery.id, {
      at: now,
      status: retryAt === undefined ? 'failed' : 'pending',
      nextAttemptAt: retryAt ?? null,
      ...result,
    });
    if (retryAt === undefined && failingSince <= delivery.createdAt) {
      await turnOff(trx, webhook, failingSince, result, now);
    }
    // The receiver's other deliveries wait too: it is tried again after a pause that grows with
    // how long it has been failing, not once for every delivery queued for it.
    await deferLane(trx, webhookLane(webhook.id), receiverRetryAt(failingSince, now), now);
  });
  // A delivery out of attempts is settled: its row keeps the story, the job has no more to do.
  return retryAt === undefined
    ? { done: true }
    : { retryAt, error: result.error ?? 'delivery failed' };
}

/** POSTs the event, signed, and reports how it went; never throws. */
async function send(
  { outboundAllowPrivate, eventBody }: DeliveryServices,
  webhook: WebhookRecord,
  event: EventRecord,
  now: Date,
): Promise<AttemptResult> {
  const body = eventBody(event);
  const secrets =
    webhook.previousSecret !== null &&
    webhook.previousSecretUntil !== null &&
    webhook.previousSecretUntil > now.toISOString()
      ? [webhook.secret, webhook.previousSecret]
      : [webhook.secret];
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetchOutbound(webhook.url, {
      allowPrivate: outboundAllowPrivate,
      method: 'POST',
      timeoutMs: deliveryTimeoutMs,
      // Receivers answer with a status; a redirect is an answer too, not an address to follow.
      maxRedirects: 0,
      maxBytes: 64 * 1024,
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signWebhookRequest(secrets, { id: event.id, timestamp: now, body }),
      },
      body,
    });
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      responseStatus: response.status,
      durationMs: elapsed(),
      error: ok ? null : `The receiver answered ${response.status}`,
    };
  } catch (error) {
    const message =
      error instanceof OutboundError ? error.message : `Sending failed: ${String(error)}`;
    return { ok: false, responseStatus: null, durationMs: elapsed(), error: shorten(message, 500) };
  }
}

async function turnOff(
  trx: Parameters<typeof recordEvent>[0],
  webhook: WebhookRecord,
  failingSince: string,
  last: AttemptResult,
  now: Date,
): Promise<void> {
  const reason = `Every delivery attempt since ${failingSince} failed; the last: ${last.error ?? 'no answer'}`;
  await updateWebhook(trx, webhook.id, { active: false, disabledReason: reason }, now);
  await recordEvent(trx, systemActor, webhookEvent('webhook.disabled', webhook, { reason }), now);
}
