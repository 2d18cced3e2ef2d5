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
 * Merges a map of texts three ways, name by name (variables): the names both sides changed
 * differently are `conflicts`, in name order, and `value` holds every other name's merged value.
 * @example mergeTexts({ a: '1' }, { a: '1', b: '2' }, { a: '3' }); // { value: { a: '3', b: '2' }, conflicts: [] }
 */
export function mergeTexts(
  base: Readonly<Record<string, string>>,
  ours: Readonly<Record<string, string>>,
  theirs: Readonly<Record<string, string>>,
): { value: Record<string, string>; conflicts: string[] } {
  const value: Record<string, string> = {};
  const conflicts: string[] = [];
  const names = [...new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])];
  for (const name of names.sort()) {
    const outcome = mergeValue(base[name], ours[name], theirs[name]);
    if ('conflict' in outcome) conflicts.push(name);
    else if (outcome.value !== undefined) value[name] = outcome.value;
  }
  return { value, conflicts };
}

/**
 * Merges two edits of a sequence (lines of text, ids of child pages) with diff3: edits to
 * different parts combine, overlapping different edits conflict.
 * With `uniqueItems` (lists of child pages), edits next to each other or at the same place
 * combine, as they are independent for ids; in text, they conflict.
 * @example mergeSequence(['a', 'b'], ['a', 'b', 'c'], ['x', 'b']); // { value: ['x', 'b', 'c'] }
 */
export function mergeSequence(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  { uniqueItems = false }: { uniqueItems?: boolean } = {},
): Merged<string[]> {
  const merged: string[] = [];
  for (const region of diff3Merge([...ours], [...base], [...theirs], {
    excludeFalseConflicts: true,
  })) {
    const { conflict } = region;
    if (conflict === undefined) {
      merged.push(...(region.ok ?? []));
      continue;
    }
    const resolved = uniqueItems ? mergeIdRegion(conflict.o, conflict.a, conflict.b) : undefined;
    if (resolved === undefined) return { conflict: true };
    merged.push(...resolved);
  }
  return { value: merged };
}

/**
 * Resolves a region diff3 found overlapping in a list of unique ids (child pages), where edits
 * next to each other are independent: an id stays unless a side removed it, ids either side
 * added are kept (ours first), and the order is the side's that reordered. Only both sides
 * reordering the same ids differently is a conflict.
 */
function mergeIdRegion(base: string[], ours: string[], theirs: string[]): string[] | undefined {
  const [inBase, inOurs, inTheirs] = [new Set(base), new Set(ours), new Set(theirs)];
  const keptByBoth = (id: string) => !inBase.has(id) || (inOurs.has(id) && inTheirs.has(id));
  const common = base.filter((id) => inOurs.has(id) && inTheirs.has(id));
  const orderOf = (side: string[]) => side.filter((id) => inBase.has(id) && keptByBoth(id));
  const same = (a: string[], b: string[]) =>
    a.length === b.length && a.every((id, i) => id === b[i]);
  const addedBy = (side: string[], other: Set<string>) =>
    side.filter((id) => !inBase.has(id) && !other.has(id));
  if (same(orderOf(theirs), common)) {
    return [...ours.filter(keptByBoth), ...addedBy(theirs, inOurs)];
  }
  if (same(orderOf(ours), common)) {
    return [...addedBy(ours, inTheirs), ...theirs.filter(keptByBoth)];
  }
  return same(orderOf(ours), orderOf(theirs)) ? ours.filter(keptByBoth) : undefined;
}
