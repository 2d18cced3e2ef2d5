import { diff3Merge } from 'node-diff3';
import { canonicalJson } from '../canonical-json.js';

/** The value of a three-way merge of one thing, or a conflict. */
export type Merged<T> = { value: T } | { conflict: true };

const same = (a: unknown, b: unknown) => a === b || canonicalJson(a) === canonicalJson(b);

/**
 * Merges one value three ways: a side that left it as in the base takes the other side's; both
 * sides making the same change agree; different changes conflict.
 * @example mergeValue('a', 'a', 'b'); // { value: 'b' }
 */
export function mergeValue<T>(base: T, ours: T, theirs: T): Merged<T> {
  if (same(theirs, base) || same(ours, theirs)) return { value: ours };
  if (same(ours, base)) return { value: theirs };
  return { conflict: true };
}

/**
 * Merges two edits of a sequence (lines of text, ids of child pages) with diff3: edits to
 * different parts combine, overlapping different edits conflict.
 * With `combineInsertions`, both sides adding at the same place keeps both additions, ours
 * first (for lists of child pages); in text, that is a conflict.
 * @example mergeSequence(['a', 'b'], ['a', 'b', 'c'], ['x', 'b']); // { value: ['x', 'b', 'c'] }
 */
export function mergeSequence(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  { combineInsertions = false }: { combineInsertions?: boolean } = {},
): Merged<string[]> {
  const merged: string[] = [];
  for (const region of diff3Merge([...ours], [...base], [...theirs], {
    excludeFalseConflicts: true,
  })) {
    const { conflict } = region;
    if (conflict === undefined) merged.push(...(region.ok ?? []));
    // Both sides only added, at the same place: for child pages that is two new pages, ours first.
    else if (combineInsertions && conflict.o.length === 0) merged.push(...conflict.a, ...conflict.b);
    else return { conflict: true };
  }
  return { value: merged };
}
