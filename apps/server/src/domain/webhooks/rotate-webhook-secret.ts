import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import { updateWebhook, type WebhookRecord } from '../../store/webhooks.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { webhookEvent } from './webhook-events.js';
import { newWebhookSecret } from './webhook-signature.js';

/** How long the secret before a rotation keeps signing alongside the new one. */
export const previousSecretGraceMs = 24 * 60 * 60 * 1000;

/**
 * Gives a webhook a new signing secret. The previous one keeps signing too (a second signature
 * in the same header) for a day, so a receiver can switch secrets without refusing an event.
 */
export async function rotateWebhookSecret(
  db: Kysely<Database>,
  actor: Actor,
  webhook: WebhookRecord,
  now: Date,
): Promise<WebhookRecord> {
  return db.transaction().execute(async (trx) => {
    const rotated = await updateWebhook(
      trx,
      webhook.id,
      {
        secret: newWebhookSecret(),
        previousSecret: webhook.secret,
        previousSecretUntil: new Date(now.getTime() + previousSecretGraceMs).toISOString(),
        secretRotatedAt: now.toISOString(),
      },
      now,
    );
    if (rotated === undefined) throw notFound(`Webhook ${webhook.id} not found`);
    await recordEvent(trx, actor, webhookEvent('webhook.secret_rotated', rotated), now);
    return rotated;
  });
}
