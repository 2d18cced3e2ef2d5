import type { Kysely } from 'kysely';
import { notFound } from '../../errors.js';
import type { Database } from '../../store/schema.js';
import {
  deleteWebhook,
  updateWebhook,
  type WebhookChanges,
  type WebhookRecord,
} from '../../store/webhooks.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { requireReachableUrl } from '../outbound-targets.js';
import { webhookEvent } from './webhook-events.js';

/** What a webhook update may change. */
export interface WebhookUpdate {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | undefined;
  active?: boolean | undefined;
}

/**
 * Changes a webhook. Turning it on or off by hand forgets why the server turned it off and the
 * run of failures that led there: the next failure starts a new count.
 */
export async function changeWebhook(
  db: Kysely<Database>,
  actor: Actor,
  webhook: WebhookRecord,
  update: WebhookUpdate,
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<WebhookRecord> {
  if (update.url !== undefined) await requireReachableUrl(update.url, 'Invalid url', allowPrivate);
  const changes: WebhookChanges = {
    ...(update.url === undefined ? {} : { url: update.url }),
    ...(update.events === undefined ? {} : { events: update.events }),
    ...(update.description === undefined ? {} : { description: update.description }),
    ...(update.active === undefined
      ? {}
      : { active: update.active, disabledReason: null, failingSince: null }),
  };
  return db.transaction().execute(async (trx) => {
    const updated = await updateWebhook(trx, webhook.id, changes, now);
    if (updated === undefined) throw notFound(`Webhook ${webhook.id} not found`);
    await recordEvent(
      trx,
      actor,
      webhookEvent('webhook.updated', updated, { changed: Object.keys(update).sort() }),
      now,
    );
    return updated;
  });
}

/** Deletes a webhook; its pending deliveries go with it and are never sent. */
export async function removeWebhook(
  db: Kysely<Database>,
  actor: Actor,
  webhook: WebhookRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteWebhook(trx, webhook.id);
    await recordEvent(
      trx,
      actor,
      webhookEvent('webhook.deleted', webhook, { url: webhook.url }),
      now,
    );
  });
}
