import type { PageRequest } from '../store/pagination.js';

/** The page size when a list request gives no `limit`; the spec gives the same default. */
export const defaultPageSize = 100;

/** The pagination part of a list's validated query. */
export function pageRequest(query: {
  page?: string | undefined;
  limit?: number | undefined;
}): PageRequest {
  return { limit: query.limit ?? defaultPageSize, page: query.page };
}
