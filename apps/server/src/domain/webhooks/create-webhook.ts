import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import type { Database } from '../../store/schema.js';
import { insertWebhook, type WebhookRecord } from '../../store/webhooks.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { requireReachableUrl } from '../outbound-targets.js';
import { webhookEvent } from './webhook-events.js';
import { newWebhookSecret } from './webhook-signature.js';

/** What a new webhook is made from. */
export interface NewWebhook {
  url: string;
  events: string[];
  description?: string | undefined;
  active?: boolean | undefined;
}

/** Creates a webhook with a new signing secret. */
export async function createWebhook(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: NewWebhook,
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<WebhookRecord> {
  await requireReachableUrl(input.url, 'Invalid url', allowPrivate);
  const at = now.toISOString();
  const webhook: WebhookRecord = {
    id: newId(),
    organizationId,
    url: input.url,
    description: input.description ?? '',
    events: input.events,
    active: input.active ?? true,
    secret: newWebhookSecret(),
    previousSecret: null,
    previousSecretUntil: null,
    secretRotatedAt: null,
    failingSince: null,
    disabledReason: null,
    createdBy: actor.user.id,
    createdAt: at,
    updatedAt: at,
  };
  await db.transaction().execute(async (trx) => {
    await insertWebhook(trx, webhook);
    await recordEvent(
      trx,
      actor,
      webhookEvent('webhook.created', webhook, { url: webhook.url, events: webhook.events }),
      now,
    );
  });
  return webhook;
}
