import type { ColorMark, Leaf, Mark, MarkType, Text } from '../types.js';

/**
 * Canonical mark order: outermost first when written, `code` innermost. GitBook writes a colour
 * around the Markdown marks (`<mark style="color:blue;">**x**</mark>`), and `<kbd>`, `<sup>` and
 * `<sub>` inside them.
 */
export const MARK_ORDER: readonly MarkType[] = [
  'color',
  'bold',
  'italic',
  'strikethrough',
  'keyboard',
  'superscript',
  'subscript',
  'code',
];

/** A mark without data. */
export function plainMark(type: Exclude<MarkType, 'color'>): Mark {
  return { object: 'mark', type };
}

/** A colour mark; `text` or `background` left out when not set. */
export function colorMark(text: string | undefined, background: string | undefined): ColorMark {
  const data: ColorMark['data'] = {};
  if (text !== undefined) data.text = text;
  if (background !== undefined) data.background = background;
  return { object: 'mark', type: 'color', data };
}

/** A string naming a mark with its data: equal for marks that are the same. */
export function markKey(mark: Mark): string {
  if (mark.type !== 'color') return mark.type;
  return `color:${mark.data.text ?? ''}:${mark.data.background ?? ''}`;
}

/** Each mark type's place in `MARK_ORDER`. */
const MARK_RANK = new Map(MARK_ORDER.map((type, rank) => [type, rank]));

/** Marks in canonical order, one of each type (the innermost colour wins). */
export function createMarks(marks: Iterable<Mark | Exclude<MarkType, 'color'>>): Mark[] {
  // Called for every run of text read: slots by rank, not a map and a pass over every type.
  const slots: (Mark | undefined)[] = [];
  for (const mark of marks) {
    const value = typeof mark === 'string' ? plainMark(mark) : mark;
    slots[MARK_RANK.get(value.type) ?? MARK_ORDER.length] = value;
  }
  const ordered: Mark[] = [];
  for (const mark of slots) if (mark !== undefined) ordered.push(mark);
  return ordered;
}

/** Whether two leaves carry the same marks (both in canonical order). */
export function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return (
    a.length === b.length &&
    a.every((mark, index) => {
      const other = b[index];
      return other !== undefined && markKey(mark) === markKey(other);
    })
  );
}

/** A text node with a single leaf. */
export function createText(text: string, marks: Mark[] = []): Text {
  return { object: 'text', leaves: [{ object: 'leaf', text, marks }] };
}

/** A leaf. */
export function createLeaf(text: string, marks: Mark[] = []): Leaf {
  return { object: 'leaf', text, marks };
}
