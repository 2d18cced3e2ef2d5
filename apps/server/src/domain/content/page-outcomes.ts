import type { ContentChangeOutcome } from './change-inputs.js';

/** What a batch did to one page, all its changes taken together. */
export type PageOutcome = Extract<
  ContentChangeOutcome,
  { object: 'created_page' | 'updated_page' | 'deleted_page' }
>;

/**
 * The pages a batch affected, one entry each, in the order the batch first touched them, as the
 * page stands after it: created (with the `ref` it was created under), deleted, or else updated.
 * A page the batch created and deleted again is left out; files and variables are not pages.
 * @example pageOutcomesOf([created('a'), updated('a')]); // [created('a')]
 */
export function pageOutcomesOf(outcomes: readonly ContentChangeOutcome[]): PageOutcome[] {
  const byPage = new Map<string, { created?: PageOutcome; last: PageOutcome }>();
  for (const outcome of outcomes) {
    if (!('pageId' in outcome)) continue;
    const seen = byPage.get(outcome.pageId);
    const created = seen?.created ?? (outcome.object === 'created_page' ? outcome : undefined);
    byPage.set(outcome.pageId, { ...(created === undefined ? {} : { created }), last: outcome });
  }
  return [...byPage.values()].flatMap(({ created, last }): PageOutcome[] => {
    if (last.object === 'deleted_page') return created === undefined ? [last] : [];
    return [created ?? { object: 'updated_page', pageId: last.pageId }];
  });
}
