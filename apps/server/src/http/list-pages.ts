import { isRecord } from '../is-record.js';
import type { OperationRoute } from './operations.js';
import type { PageTokens } from './page-tokens.js';
import type { ValidatedInput } from './request-input.js';

/**
 * Binds the page tokens of a list operation to the list they come from: `open` turns the `page`
 * query parameter back into the store's cursor before the handler runs, `seal` signs the
 * `next.page` the handler answers. Operations that are not lists get `undefined`.
 */
export interface ListPaging {
  open(input: ValidatedInput): void;
  seal(input: ValidatedInput, body: unknown): void;
}

/**
 * The paging of one operation, or `undefined` when it is not a paginated list: a list takes a
 * page (`page`) and its size (`limit`). GitBook names other things `page` too (the page of a PDF
 * export), which are not tokens.
 */
export function listPagingFor(route: OperationRoute, tokens: PageTokens): ListPaging | undefined {
  const takes = (name: string) =>
    route.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name);
  if (!takes('page') || !takes('limit')) return undefined;
  return {
    open(input) {
      const page = input.query.page;
      if (typeof page === 'string') input.query.page = tokens.open(page, listScope(route, input));
    },
    seal(input, body) {
      const next = isRecord(body) ? body.next : undefined;
      if (isRecord(next) && typeof next.page === 'string') {
        next.page = tokens.seal(next.page, listScope(route, input));
      }
    },
  };
}

/**
 * What identifies a list: the operation, its path and every query parameter but the page and
 * its size (a client may change the page size between pages). Defaults are already applied, so
 * `order` left out and `order=desc` are the same list.
 */
function listScope(route: OperationRoute, input: ValidatedInput): string {
  const filters = Object.entries(input.query)
    .filter(([name]) => name !== 'page' && name !== 'limit')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([route.operationId, input.params, filters]);
}
