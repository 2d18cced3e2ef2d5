import type { Selectable } from 'kysely';
import { cachedTableRead } from '../caches/database-caches.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, WebhooksTable } from './schema.js';

/** A stored webhook. */
export interface WebhookRecord {
  id: string;
  organizationId: string;
  url: string;
  description: string;
  /** Event actions sent, `*` for every one. */
  events: string[];
  active: boolean;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: string | null;
  secretRotatedAt: string | null;
  failingSince: string | null;
  disabledReason: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

function toWebhook(row: Selectable<WebhooksTable>): WebhookRecord {
  const events: unknown = JSON.parse(row.events);
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    description: row.description,
    events: Array.isArray(events) ? events.map(String) : [],
    active: row.active === 1,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretUntil: row.previous_secret_until,
    secretRotatedAt: row.secret_rotated_at,
    failingSince: row.failing_since,
    disabledReason: row.disabled_reason,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a new webhook. */
export async function insertWebhook(db: Executor, webhook: WebhookRecord): Promise<void> {
  await db
    .insertInto('webhooks')
    .values({
      id: webhook.id,
      organization_id: webhook.organizationId,
      url: webhook.url,
      description: webhook.description,
      events: JSON.stringify(webhook.events),
      active: webhook.active ? 1 : 0,
      secret: webhook.secret,
      previous_secret: webhook.previousSecret,
      previous_secret_until: webhook.previousSecretUntil,
      secret_rotated_at: webhook.secretRotatedAt,
      failing_since: webhook.failingSince,
      disabled_reason: webhook.disabledReason,
      created_by: webhook.createdBy,
      created_at: webhook.createdAt,
      updated_at: webhook.updatedAt,
    })
    .execute();
}

/** What a webhook update may change. */
export type WebhookChanges = Partial<
  Pick<
    WebhookRecord,
    | 'url'
    | 'description'
    | 'events'
    | 'active'
    | 'secret'
    | 'previousSecret'
    | 'previousSecretUntil'
    | 'secretRotatedAt'
    | 'failingSince'
    | 'disabledReason'
  >
>;

/** Changes a webhook; answers it as it is now, or `undefined` when it is gone. */
export async function updateWebhook(
  db: Executor,
  id: string,
  changes: WebhookChanges,
  now: Date,
): Promise<WebhookRecord | undefined> {
  const row = await db
    .updateTable('webhooks')
    .set({
      ...(changes.url === undefined ? {} : { url: changes.url }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.events === undefined ? {} : { events: JSON.stringify(changes.events) }),
      ...(changes.active === undefined ? {} : { active: changes.active ? 1 : 0 }),
      ...(changes.secret === undefined ? {} : { secret: changes.secret }),
      ...(changes.previousSecret === undefined ? {} : { previous_secret: changes.previousSecret }),
      ...(changes.previousSecretUntil === undefined
        ? {}
        : { previous_secret_until: changes.previousSecretUntil }),
      ...(changes.secretRotatedAt === undefined
        ? {}
        : { secret_rotated_at: changes.secretRotatedAt }),
      ...(changes.failingSince === undefined ? {} : { failing_since: changes.failingSince }),
      ...(changes.disabledReason === undefined ? {} : { disabled_reason: changes.disabledReason }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toWebhook(row);
}

/**
 * Notes a failed attempt: the run of failures begins now unless one is under way. Answers when
 * the run began.
 */
export async function markWebhookFailing(db: Executor, id: string, now: Date): Promise<string> {
  const at = now.toISOString();
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({ failing_since: eb.fn.coalesce('failing_since', eb.val(at)) }))
    .where('id', '=', id)
    .returning('failing_since')
    .executeTakeFirst();
  return row?.failing_since ?? at;
}

/** Notes a successful attempt: the run of failures, if any, is over. */
export async function markWebhookSucceeding(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Removes a webhook with its deliveries. */
export async function deleteWebhook(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** One webhook of an organization, if it exists. */
export async function findWebhook(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<WebhookRecord | undefined> {
  const row = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toWebhook(row);
}

/** A page of an organization's webhooks, oldest first. */
export async function listWebhooksOfOrganization(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<WebhookRecord>> {
  const page = await keysetPage(
    db.selectFrom('webhooks').where('organization_id', '=', organizationId),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toWebhook);
}

/**
 * The webhooks that events of an organization go to: its active ones, with what they take. Every
 * write asks, in its transaction; the answer is kept until the webhooks table changes (see
 * `cachedTableRead`), so a webhook created, changed or removed by any process counts from the
 * next write on. (Removing an organization takes its webhooks through a foreign key, which the
 * versions do not see; nothing writes for a removed organization, and its id is never reused.)
 */
export function findActiveWebhooks(
  db: Executor,
  organizationId: string,
): Promise<readonly Pick<WebhookRecord, 'id' | 'events'>[]> {
  return cachedTableRead(db, ['webhooks'], ['active-webhooks', organizationId], async () => {
    const rows = await db
      .selectFrom('webhooks')
      .select(['id', 'events'])
      .where('organization_id', '=', organizationId)
      .where('active', '=', 1)
      .execute();
    return rows.map((row) => {
      const events: unknown = JSON.parse(row.events);
      return { id: row.id, events: Array.isArray(events) ? events.map(String) : [] };
    });
  });
}

/** A webhook by id alone, for background work that holds only the id. */
export async function findWebhookById(
  db: Executor,
  id: string,
): Promise<WebhookRecord | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toWebhook(row);
}
