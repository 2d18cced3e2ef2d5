import { isRecord } from '../../is-record.js';

/** The deepest a chain of a file's own references may go, each inside what the last names. */
export const maxReferenceDepth = 64;

/**
 * What is wrong with how deep a spec file's own `$ref`s (`#/…`) nest, if anything: following a
 * reference into what it names, then a reference inside that, and so on, may go
 * {@link maxReferenceDepth} levels deep. Deeper chains (a thousand schemas each naming the next)
 * cost more to expand than any real spec needs; a reference back into the chain (a recursive
 * schema) is fine and counts once. Walked without recursion, so no input overflows the stack.
 */
export function referenceDepthProblem(
  parsed: Record<string, unknown>,
  maxDepth = maxReferenceDepth,
): string | undefined {
  // Where each of the file's own references sits, and what it names, as JSON pointers.
  const references: { at: string; target: string }[] = [];
  const pending: { value: unknown; at: string }[] = [{ value: parsed, at: '' }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, at } = item;
    if (Array.isArray(value)) {
      for (const [index, child] of value.entries())
        pending.push({ value: child, at: `${at}/${index}` });
      continue;
    }
    if (!isRecord(value)) continue;
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) {
      references.push({ at, target: decodeURIComponent(ref.slice(1)) });
    }
    for (const [key, child] of Object.entries(value)) {
      pending.push({
        value: child,
        at: `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
      });
    }
  }
  const inside = (target: string) =>
    references.filter(({ at }) => at === target || at.startsWith(`${target}/`));

  // The depth of what each target names: one, plus the deepest target of a reference inside it.
  const depths = new Map<string, number>();
  const onPath = new Set<string>();
  for (const { target: start } of references) {
    const stack: { target: string; next: string[] }[] = [];
    const enter = (target: string) => {
      onPath.add(target);
      stack.push({ target, next: inside(target).map((reference) => reference.target) });
    };
    if (!depths.has(start)) enter(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top === undefined) break;
      if (stack.length > maxDepth) {
        return `Its references nest deeper than ${maxDepth} levels (${shorten(start)} → … → ${shorten(top.target)})`;
      }
      const next = top.next.pop();
      if (next === undefined) {
        const deepest = Math.max(0, ...inside(top.target).map((r) => depths.get(r.target) ?? 0));
        depths.set(top.target, deepest + 1);
        onPath.delete(top.target);
        stack.pop();
        continue;
      }
      // A reference back into the chain is recursion, expanded once; one already measured is known.
      if (onPath.has(next) || depths.has(next)) continue;
      enter(next);
    }
    if ((depths.get(start) ?? 0) > maxDepth) {
      return `Its references nest deeper than ${maxDepth} levels (from ${shorten(start)})`;
    }
  }
  return undefined;
}

function shorten(pointer: string): string {
  return pointer.length <= 80 ? `#${pointer}` : `#${pointer.slice(0, 80)}…`;
}
