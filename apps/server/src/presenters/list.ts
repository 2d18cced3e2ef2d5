import type { Page } from '../store/pagination.js';

/**
 * A page as the list envelope: `{items, count, next?: {page}}`.
 * @example presentList(page, (space) => presentSpace(space, role, urls));
 */
export function presentList<Record, Item>(
  page: Page<Record>,
  present: (record: Record) => Item,
): { items: Item[]; count: number; next?: { page: string } } {
  return {
    items: page.items.map(present),
    count: page.count,
    ...(page.nextPage === undefined ? {} : { next: { page: page.nextPage } }),
  };
}
