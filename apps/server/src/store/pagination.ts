import { badRequest } from '../errors.js';

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
  throw badRequest('Invalid page: pass the next.page value of a previous answer');
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * Builds a page from rows fetched with `limit + 1`: the extra row only says there is a next page.
 */
export function pageOf<Row, Item>(
  rows: Row[],
  { limit }: PageRequest,
  count: number,
  cursorOf: (row: Row) => Cursor,
  toItem: (row: Row) => Item,
): Page<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const page: Page<Item> = { items: pageRows.map(toItem), count };
  if (rows.length > limit && last !== undefined) page.nextPage = encodeCursor(cursorOf(last));
  return page;
}
