import type { Executor, SiteInsightEventsTable } from './schema.js';

/** A stored insight event. */
export type SiteInsightEventRow = SiteInsightEventsTable;

/** Stores readers' events, all at once. */
export async function insertSiteInsightEvents(
  db: Executor,
  rows: readonly SiteInsightEventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('site_insight_events')
    .values([...rows])
    .execute();
}

/** The events of a site between `from` (included) and `to` (excluded), oldest first, at most `limit`. */
export function listSiteInsightEvents(
  db: Executor,
  siteId: string,
  range: { from: string; to: string },
  limit: number,
): Promise<SiteInsightEventRow[]> {
  return db
    .selectFrom('site_insight_events')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('occurred_at', '>=', range.from)
    .where('occurred_at', '<', range.to)
    .orderBy('occurred_at')
    .limit(limit)
    .execute();
}

/** Removes the events that happened before `cutoff`, answering how many there were. */
export async function deleteSiteInsightEventsBefore(db: Executor, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('site_insight_events')
    .where('occurred_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
