import type { Kysely } from 'kysely';
import { invalid } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkOutboundTarget } from '../../outbound/address-policy.js';
import type { Database } from '../../store/schema.js';
import { insertWebhook, type WebhookRecord } from '../../store/webhooks.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { webhookEvent } from './webhook-events.js';
import { newWebhookSecret } from './webhook-signature.js';

/** What a new webhook is made from. */
export interface NewWebhook {
  url: string;
  events: string[];
  description?: string | undefined;
  active?: boolean | undefined;
}

/**
 * Refuses, with 400, a URL the server would never send to: not http(s), with credentials, or an
 * address (written out, or what its name resolves to now) outside what outbound requests may
 * reach. Names resolve again when a delivery is sent, and are checked again then.
 */
export async function requireDeliverableUrl(url: string, allowPrivate: boolean): Promise<void> {
  const refused = await checkOutboundTarget(url, allowPrivate);
  if (refused !== undefined) throw invalid(`Invalid url: ${refused}`);
}

/** Creates a webhook with a new signing secret. */
export async function createWebhook(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: NewWebhook,
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<WebhookRecord> {
  await requireDeliverableUrl(input.url, allowPrivate);
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
