import { expect } from 'vitest';

/**
 * Expects a list to have items, every one of them satisfying `holds`: a check with `every()` alone
 * passes on an empty list, which would hide a filter that matched nothing.
 * @example expectEvery(listed.items, (item) => item.status === 'open');
 */
export function expectEvery<Item>(items: readonly Item[], holds: (item: Item) => boolean): void {
  expect(items.length, 'the list to check is empty').toBeGreaterThan(0);
  expect(items.filter((item) => !holds(item))).toEqual([]);
}
