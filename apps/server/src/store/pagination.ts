import { type SelectQueryBuilder, sql } from 'kysely';

/** What a list asks for: how many items, and after which page token. */
export interface PageRequest {
  limit: number;
  page?: string | undefined;
}

/** One page of a list: its items, the total matching, and the token of the next page. */
export interface Page<Item> {
  items: Item[];
  count: number;
  nextPage?: string;
}

/** The sort key of the last item on a page: its sort column's value and its id. */
export type Cursor = readonly [sortValue: string, id: string];

/**
 * A page token that is not one this server made. The store says so; the HTTP layer answers the
 * client's 400.
 */
export class InvalidPageToken extends Error {
  override readonly name = 'InvalidPageToken';

  constructor() {
    super('Invalid page: pass the next.page value of a previous answer');
  }
}

/**
 * Reads a page token. Tokens are opaque to clients: base64url JSON of the last sort key.
 * @example decodeCursor(undefined); // undefined
 */
export function decodeCursor(page: string | undefined): Cursor | undefined {
  if (page === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [sortValue, id]: unknown[] = value;
      if (typeof sortValue === 'string' && typeof id === 'string') return [sortValue, id];
    }
  } catch {
    // Falls through to the same answer as a well-formed token of the wrong shape.
  }
  throw new InvalidPageToken();
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** How a list is sorted: by one column, then by id to break ties, both the same way. */
export interface KeysetOrder<Row> {
  /** The sort column and the id column, as SQL references (`'spaces.position'`). */
  columns: readonly [sortColumn: string, idColumn: string];
  direction: 'asc' | 'desc';
  /** The sort key of a fetched row; it becomes the next page's token. */
  cursorOf: (row: Row) => Cursor;
}

/**
 * One page of a keyset-paginated list: counts every row `filtered` matches, then fetches the
 * rows after the page token in `order`, one more than the limit to learn whether a next page
 * exists. Never OFFSET: a page costs the same however deep it is.
 * @example keysetPage(db.selectFrom('spaces').where(…), (q) => q.selectAll(), order, request);
 */
export async function keysetPage<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  selectRows: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  { columns: [sortColumn, idColumn], direction, cursorOf }: KeysetOrder<Row>,
  request: PageRequest,
): Promise<Page<Row>> {
  const { count } = await filtered
    .select(sql<number | string>`count(*)`.as('count'))
    // The selection type of a generic query does not resolve; this is its one column.
    .$castTo<{ count: number | string }>()
    .executeTakeFirstOrThrow();
  const after = decodeCursor(request.page);
  const comparison = sql.raw(direction === 'asc' ? '>' : '<');
  const rows = await selectRows(filtered)
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(${sql.ref(sortColumn)}, ${sql.ref(idColumn)}) ${comparison} (${after?.[0]}, ${after?.[1]})`,
      ),
    )
    .orderBy(sql.ref(sortColumn), direction)
    .orderBy(sql.ref(idColumn), direction)
    .limit(request.limit + 1)
    .execute();
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  const page: Page<Row> = { items, count: Number(count) };
  if (rows.length > request.limit && last !== undefined)
    page.nextPage = encodeCursor(cursorOf(last));
  return page;
}

/** The same page with each item converted. */
export function mapPage<Row, Item>(page: Page<Row>, toItem: (row: Row) => Item): Page<Item> {
  return { ...page, items: page.items.map(toItem) };
}

/**
 * One page of a list already in memory and sorted by `keyOf` (unique keys), with the same page
 * tokens as {@link keysetPage}: content lists (a revision's files) live in content objects, not
 * in rows.
 * @example arrayPage(files, (file) => file.id, request);
 */
export function arrayPage<Item>(
  items: readonly Item[],
  keyOf: (item: Item) => string,
  request: PageRequest,
): Page<Item> {
  const after = decodeCursor(request.page)?.[1];
  const start = after === undefined ? 0 : items.findIndex((item) => keyOf(item) > after);
  const rest = start < 0 ? [] : items.slice(start);
  const pageItems = rest.slice(0, request.limit);
  const last = pageItems.at(-1);
  const page: Page<Item> = { items: pageItems, count: items.length };
  if (rest.length > request.limit && last !== undefined) {
    page.nextPage = encodeCursor([keyOf(last), keyOf(last)]);
  }
  return page;
}
