import type { Leaf, Mark, MarkType, Text } from '../types.js';

/** Canonical mark order: outermost first when written as Markdown, `code` innermost. */
export const MARK_ORDER: readonly MarkType[] = ['bold', 'italic', 'strikethrough', 'code'];

/** Marks in canonical order. */
export function createMarks(types: Iterable<MarkType>): Mark[] {
  const set = new Set(types);
  return MARK_ORDER.filter((type) => set.has(type)).map((type) => ({ object: 'mark', type }));
}

/** Whether two leaves carry the same marks (both in canonical order). */
export function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark, index) => mark.type === b[index]?.type);
}

/** A text node with a single leaf. */
export function createText(text: string, marks: Mark[] = []): Text {
  return { object: 'text', leaves: [{ object: 'leaf', text, marks }] };
}

/** A leaf. */
export function createLeaf(text: string, marks: Mark[] = []): Leaf {
  return { object: 'leaf', text, marks };
}
