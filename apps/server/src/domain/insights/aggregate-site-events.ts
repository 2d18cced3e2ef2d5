import type { components } from '@quire/contract';
import { invalid } from '../../errors.js';
import type { SiteInsightEventRow } from '../../store/site-insight-events.js';

type ColumnName = components['schemas']['SiteInsightsQueryEventsColumn']['column'];
type Column = { column: ColumnName; interval?: 'hour' | 'day' | 'week' | 'month' };
type Operator =
  | 'in'
  | 'notIn'
  | 'greaterThan'
  | 'greaterThanOrEqual'
  | 'lessThan'
  | 'lessThanOrEqual';

/** An insights query, as `aggregateSiteEvents` takes it. */
export interface EventsQuery {
  select?: Column[];
  where?: (Column & { values: unknown[]; operator?: Operator })[];
  groupBy?: Column[];
  order?: { by: Column; direction: 'asc' | 'desc' };
  range: string | { from: string; to: string };
  limit?: number;
}

/** A column of the answer: its values, one per group. */
export interface ColumnValues {
  column: ColumnName;
  values: unknown[];
}

const counted = new Set<ColumnName>([
  'eventsCount',
  'sessionsCount',
  'visitorsCount',
  'pageFeedbackRating',
]);
const isCounted = (column: Column) => counted.has(column.column);

const presetDays: Record<string, number> = {
  last24Hours: 1,
  last7Days: 7,
  last30Days: 30,
  last3Months: 91,
  lastYear: 365,
};

/** The time range a query reads, `from` included and `to` excluded; a backwards range is a 400. */
export function rangeOf(range: EventsQuery['range'], now: Date): { from: string; to: string } {
  if (typeof range === 'string') {
    const days = presetDays[range] ?? 30;
    return {
      from: new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString(),
      to: new Date(now.getTime() + 1).toISOString(),
    };
  }
  const from = new Date(range.from);
  const to = new Date(range.to);
  if (!(from.getTime() < to.getTime()))
    throw invalid('body.range.from must be before body.range.to');
  return { from: from.toISOString(), to: to.toISOString() };
}

/** What an event is in a column that groups (a value to compare and to answer). */
function groupValue(row: SiteInsightEventRow, column: Column): unknown {
  switch (column.column) {
    case 'datetime':
      return startOf(row.occurred_at, column.interval ?? 'day');
    case 'dayOfWeek':
      return ((new Date(row.occurred_at).getUTCDay() + 6) % 7) + 1;
    case 'hourOfDay':
      return new Date(row.occurred_at).getUTCHours();
    case 'urlPath':
      return row.url_path;
    case 'eventType':
      return row.type;
    case 'siteSection':
      return row.site_section_id;
    case 'siteSpace':
      return row.site_space_id;
    case 'displayContext':
      return row.display_context;
    case 'page':
      return row.page_id === null ? null : { page: row.page_id, space: row.space_id };
    case 'eventSearchQuery':
      return row.search_query;
    case 'eventPageFeedbackRating':
      return row.feedback_rating;
    case 'referrerDomain':
      return row.referrer_domain;
    default:
      throw invalid(`${column.column} is counted, not a value of an event`);
  }
}

/** The start of the hour, day, week (Monday) or month a time is in, in UTC. */
function startOf(iso: string, interval: 'hour' | 'day' | 'week' | 'month'): string {
  const at = new Date(iso);
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (interval === 'hour') start.setUTCHours(at.getUTCHours());
  if (interval === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  if (interval === 'month') start.setUTCDate(1);
  return start.toISOString();
}

/** What a group counts in a counted column. */
function countOf(rows: readonly SiteInsightEventRow[], column: Column): unknown {
  switch (column.column) {
    case 'eventsCount':
      return rows.length;
    case 'sessionsCount':
      return new Set(rows.map((row) => row.session_id)).size;
    case 'visitorsCount':
      return new Set(rows.map((row) => row.visitor_id)).size;
    default: {
      const ratings = { bad: 0, ok: 0, good: 0 };
      for (const row of rows) {
        const rating = row.feedback_rating;
        if (rating === 'bad' || rating === 'ok' || rating === 'good') ratings[rating] += 1;
      }
      return ratings;
    }
  }
}

const keyOf = (value: unknown) => JSON.stringify(value);

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  return keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
}

/** A `where` filter as a test of a value, its list of values read once. */
function testOf(operator: Operator, values: readonly unknown[]): (value: unknown) => boolean {
  if (operator === 'in' || operator === 'notIn') {
    const keys = new Set(values.map(keyOf));
    return operator === 'in'
      ? (value) => keys.has(keyOf(value))
      : (value) => !keys.has(keyOf(value));
  }
  const [bound] = values;
  return (value) => {
    if (bound === undefined || value === null || value === undefined) return false;
    const order = compare(value, bound);
    if (operator === 'greaterThan') return order > 0;
    if (operator === 'greaterThanOrEqual') return order >= 0;
    if (operator === 'lessThan') return order < 0;
    return order <= 0;
  };
}

const sameColumn = (a: Column, b: Column) =>
  a.column === b.column &&
  (a.column !== 'datetime' || (a.interval ?? 'day') === (b.interval ?? 'day'));

/**
 * The events grouped by the query's `groupBy` columns and filtered by its `where`, each `select`
 * column answered as a list of values, one per group, in the query's `order` (by default by
 * time when grouped by it, else the first counted column, largest first), at most `limit` groups. A column that groups must be
 * one the events are grouped by.
 */
export function aggregateSiteEvents(
  rows: readonly SiteInsightEventRow[],
  query: EventsQuery,
): ColumnValues[] {
  const groupBy = query.groupBy ?? [];
  const select = query.select ?? [...groupBy, { column: 'eventsCount' }];
  for (const [index, column] of groupBy.entries()) {
    if (isCounted(column))
      throw invalid(`body.groupBy.${index}: ${column.column} is counted, not grouped by`);
  }
  for (const [index, column] of select.entries()) {
    if (!isCounted(column) && !groupBy.some((grouped) => sameColumn(grouped, column))) {
      throw invalid(`body.select.${index}: ${column.column} must be in groupBy to be selected`);
    }
  }
  const filters = (query.where ?? []).map((filter) => ({
    column: filter as Column,
    test: testOf(filter.operator ?? 'in', filter.values),
  }));
  const onEvents = filters.filter((filter) => !isCounted(filter.column));
  const onGroups = filters.filter((filter) => isCounted(filter.column));
  const groups = new Map<string, { values: unknown[]; rows: SiteInsightEventRow[] }>();
  // Without grouping, every event is one group, counted even when there are none.
  if (groupBy.length === 0) groups.set(keyOf([]), { values: [], rows: [] });
  for (const row of rows) {
    if (!onEvents.every(({ column, test }) => test(groupValue(row, column)))) continue;
    const values = groupBy.map((column) => groupValue(row, column));
    const key = keyOf(values);
    const group = groups.get(key) ?? { values, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const answered = [...groups.values()]
    .filter((group) => onGroups.every(({ column, test }) => test(countOf(group.rows, column))))
    .map((group) => {
      // A group's cells are worked out once each: ordering reads them many times.
      const cells = new Map<string, unknown>();
      const cell = (column: Column) => {
        const key = keyOf(column);
        if (!cells.has(key)) {
          cells.set(
            key,
            isCounted(column)
              ? countOf(group.rows, column)
              : group.values[groupBy.findIndex((grouped) => sameColumn(grouped, column))],
          );
        }
        return cells.get(key);
      };
      return { cell };
    });
  const order = query.order ?? defaultOrder(select, groupBy);
  if (order !== undefined) {
    if (!isCounted(order.by) && !groupBy.some((grouped) => sameColumn(grouped, order.by))) {
      throw invalid(`body.order.by: ${order.by.column} must be in groupBy to order by it`);
    }
    const direction = order.direction === 'asc' ? 1 : -1;
    answered.sort((a, b) => direction * compare(a.cell(order.by), b.cell(order.by)));
  }
  const kept = answered.slice(0, query.limit ?? 1000);
  return select.map((column) => ({
    column: column.column,
    values: kept.map(({ cell }) => cell(column)),
  }));
}

/** Over time, in time's order; otherwise the largest count first. */
function defaultOrder(select: readonly Column[], groupBy: readonly Column[]): EventsQuery['order'] {
  const time = groupBy.find((column) => column.column === 'datetime');
  if (time !== undefined) return { by: time, direction: 'asc' };
  const count = select.find(
    (column) => column.column !== 'pageFeedbackRating' && isCounted(column),
  );
  if (count !== undefined) return { by: count, direction: 'desc' };
  const [first] = groupBy;
  return first === undefined ? undefined : { by: first, direction: 'asc' };
}
