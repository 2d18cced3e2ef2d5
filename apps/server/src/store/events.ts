import type { Selectable } from 'kysely';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { EventsTable, Executor } from './schema.js';

/** A stored event. */
export interface EventRecord {
  id: string;
  organizationId: string;
  action: string;
  actor: { type: string; id: string; label: string };
  target: { type: string; id: string; label: string };
  source: 'api' | 'workflow';
  requestId: string | null;
  payload: Record<string, unknown>;
  occurredAt: string;
}

function toEvent(row: Selectable<EventsTable>): EventRecord {
  const payload: unknown = JSON.parse(row.payload);
  return {
    id: row.id,
    organizationId: row.organization_id,
    action: row.action,
    actor: { type: row.actor_type, id: row.actor_id, label: row.actor_label },
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    source: row.source === 'workflow' ? 'workflow' : 'api',
    requestId: row.request_id,
    payload:
      typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? { ...payload }
        : {},
    occurredAt: row.occurred_at,
  };
}

/** Stores an event. */
export async function insertEvent(db: Executor, event: EventRecord): Promise<void> {
  await db
    .insertInto('events')
    .values({
      id: event.id,
      organization_id: event.organizationId,
      action: event.action,
      actor_type: event.actor.type,
      actor_id: event.actor.id,
      actor_label: event.actor.label,
      target_type: event.target.type,
      target_id: event.target.id,
      target_label: event.target.label,
      source: event.source,
      request_id: event.requestId,
      payload: JSON.stringify(event.payload),
      occurred_at: event.occurredAt,
    })
    .execute();
}

/** What an audit log read filters on. */
export interface EventFilter {
  from?: string | undefined;
  to?: string | undefined;
  action?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
}

/** A page of an organization's events matching the filter, newest first. */
export async function listEventsOfOrganization(
  db: Executor,
  organizationId: string,
  filter: EventFilter,
  request: PageRequest,
): Promise<Page<EventRecord>> {
  const page = await keysetPage(
    db
      .selectFrom('events')
      .where('organization_id', '=', organizationId)
      .$if(filter.from !== undefined, (q) => q.where('occurred_at', '>=', filter.from ?? ''))
      .$if(filter.to !== undefined, (q) => q.where('occurred_at', '<', filter.to ?? ''))
      .$if(filter.action !== undefined, (q) => q.where('action', '=', filter.action ?? ''))
      .$if(filter.actor !== undefined, (q) => q.where('actor_id', '=', filter.actor ?? ''))
      .$if(filter.target !== undefined, (q) => q.where('target_id', '=', filter.target ?? '')),
    (query) => query.selectAll(),
    {
      columns: ['occurred_at', 'id'],
      direction: 'desc',
      cursorOf: (row) => [row.occurred_at, row.id],
    },
    request,
  );
  return mapPage(page, toEvent);
}

/** One event of an organization, if it exists. */
export async function findEvent(
  db: Executor,
  organizationId: string,
  id: string,
): Promise<EventRecord | undefined> {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toEvent(row);
}

/** Removes the events that happened before `cutoff`; answers how many. */
export async function deleteEventsBefore(db: Executor, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('events').where('occurred_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An event by id alone, for background work that holds only the id. */
export async function findEventById(db: Executor, id: string): Promise<EventRecord | undefined> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toEvent(row);
}
