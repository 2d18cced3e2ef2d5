import type { Element, ElementContent } from 'hast';
import type { Inline, InlineContent, MarkType } from '../types.js';
import { emojiFromCode, splitEmoji } from './emoji.js';
import { InlineBuilder } from './inline-builder.js';
import { linkRefFromUrl, linkRefToUrl } from './link-ref.js';
import { createMarks, MARK_ORDER } from './marks.js';

/**
 * Running text in GitBook's HTML (the cells of its HTML tables) read into the document model and
 * written back as GitBook writes it. Each mark and inline is one entry of the tables below:
 * reading or writing another element is a matter of adding an entry, and a new mark or inline
 * type does not compile until it has one.
 */

/** The HTML element of a mark. */
interface MarkElement {
  /** Whether an element is this mark. */
  readonly reads: (element: Element) => boolean;
  /** The element GitBook writes for the mark; the caller adds its children. */
  readonly write: () => Element;
}

/** Reads children with the marks around them; `undefined` when one of them is not mapped. */
type ReadChildren = (children: readonly ElementContent[]) => InlineContent[] | undefined;
type WriteChildren = (nodes: readonly InlineContent[]) => ElementContent[];

/** Reads an element as an inline; `undefined` when it is something the model does not hold. */
type InlineReader = (element: Element, readChildren: ReadChildren) => Inline | undefined;
type InlineWriter<T extends Inline> = (inline: T, writeChildren: WriteChildren) => ElementContent[];

const element = (
  tagName: string,
  properties: Element['properties'] = {},
  children: ElementContent[] = [],
): Element => ({ type: 'element', tagName, properties, children });

const hasNoAttributes = (node: Element) => Object.keys(node.properties).length === 0;

/** A mark written as `tagName` without attributes; `aliases` are read as it too. */
function plainMark(tagName: string, ...aliases: string[]): MarkElement {
  const names = [tagName, ...aliases];
  return {
    reads: (node) => names.includes(node.tagName) && hasNoAttributes(node),
    write: () => element(tagName),
  };
}

/**
 * Every mark's element, written with the first name of each entry. An `<i>` with a class is
 * one of GitBook's icons, not italic, so only attribute-less elements are marks.
 */
const MARK_ELEMENTS: { readonly [M in MarkType]: MarkElement } = {
  bold: plainMark('strong', 'b'),
  italic: plainMark('em', 'i'),
  strikethrough: plainMark('s', 'del'),
  code: plainMark('code'),
};

/** Inlines by the element they are read from. */
const INLINE_READERS: Readonly<Record<string, InlineReader>> = {
  a: (node, readChildren) => {
    const { href, title, dataMention, ...rest } = node.properties;
    if (typeof href !== 'string' || Object.keys(rest).length > 0) return undefined;
    // GitBook's link to a page (`[text](url "mention")` in Markdown).
    if (dataMention !== undefined && (dataMention !== '' || title !== undefined)) return undefined;
    if (title !== undefined && typeof title !== 'string') return undefined;
    const nodes = readChildren(node.children);
    if (!nodes) return undefined;
    const ref = linkRefFromUrl(href);
    const linkTitle = dataMention === '' ? 'mention' : title;
    const data = linkTitle === undefined ? { ref } : { ref, title: linkTitle };
    return { object: 'inline', type: 'link', data, nodes };
  },
  img: (node) => {
    const { src, alt, title, ...rest } = node.properties;
    if (typeof src !== 'string' || Object.keys(rest).length > 0 || node.children.length > 0)
      return undefined;
    if (typeof alt !== 'string' || (title !== undefined && typeof title !== 'string'))
      return undefined;
    const data = { src, ...(alt ? { alt } : {}), ...(title === undefined ? {} : { title }) };
    return { object: 'inline', type: 'inline-image', isVoid: true, data };
  },
};

/**
 * The elements GitBook writes for inlines, by inline type. Formulas, user mentions and raw
 * inlines have no HTML of their own: their Markdown is written verbatim.
 */
const INLINE_WRITERS: {
  readonly [T in Inline['type']]: InlineWriter<Extract<Inline, { type: T }>>;
} = {
  link: (link, writeChildren) => {
    const href = linkRefToUrl(link.data.ref);
    const { title } = link.data;
    const properties =
      title === 'mention'
        ? { dataMention: true, href }
        : title === undefined
          ? { href }
          : { href, title };
    return [element('a', properties, writeChildren(link.nodes))];
  },
  'inline-image': ({ data: { src, alt = '', title } }) => [
    element('img', title === undefined ? { src, alt } : { src, alt, title }),
  ],
  emoji: ({ data }) => [{ type: 'text', value: emojiFromCode(data.code) }],
  'inline-math': ({ data }) => [{ type: 'raw', value: `$$${data.formula}$$` }],
  mention: ({ data }) => [{ type: 'raw', value: `[${data.label}](mention:${data.user})` }],
  raw: ({ data }) => [{ type: 'raw', value: data.markdown }],
};

/**
 * Reads HTML phrasing content (a table cell's children) into canonical running text; `<br>` is a
 * hard break. Returns `undefined` when it holds anything without an entry above (block content
 * such as `<p>` or `<ul>`, icons, comments), or a line break in the source, which is whitespace
 * in HTML and GitBook does not write.
 */
export function readHtmlInlines(children: readonly ElementContent[]): InlineContent[] | undefined {
  const builder = new InlineBuilder();
  return addChildren(builder, children, []) ? builder.build() : undefined;
}

function addChildren(
  builder: InlineBuilder,
  children: readonly ElementContent[],
  marks: readonly MarkType[],
): boolean {
  return children.every((child) => addNode(builder, child, marks));
}

function addNode(
  builder: InlineBuilder,
  node: ElementContent,
  marks: readonly MarkType[],
): boolean {
  if (node.type === 'text') {
    if (node.value.includes('\n')) return false;
    addText(builder, node.value, marks);
    return true;
  }
  if (node.type !== 'element') return false;
  if (node.tagName === 'br') {
    if (!hasNoAttributes(node)) return false;
    builder.addText('\n', createMarks(marks));
    return true;
  }
  const mark = MARK_ORDER.find((type) => MARK_ELEMENTS[type].reads(node));
  if (mark) return addChildren(builder, node.children, [...marks, mark]);
  const readChildren: ReadChildren = (children) => {
    const inner = new InlineBuilder();
    return addChildren(inner, children, marks) ? inner.build() : undefined;
  };
  const inline = INLINE_READERS[node.tagName]?.(node, readChildren);
  if (!inline) return false;
  builder.addInline(inline);
  return true;
}

function addText(builder: InlineBuilder, text: string, marks: readonly MarkType[]): void {
  const leafMarks = createMarks(marks);
  for (const segment of splitEmoji(text)) {
    if (segment.emoji) {
      builder.addInline({
        object: 'inline',
        type: 'emoji',
        isVoid: true,
        data: { code: segment.code },
      });
    } else {
      builder.addText(segment.text, leafMarks);
    }
  }
}

/** A leaf, or an inline, which carries no marks of its own (a link's text carries its own). */
type Unit =
  | { kind: 'leaf'; text: string; marks: ReadonlySet<MarkType> }
  | { kind: 'inline'; node: Inline };

/**
 * Writes running text as the HTML GitBook writes: each mark one element around the longest run
 * it covers (the first in canonical order outermost when two runs are equally long), marks of a
 * link's text inside the link, `\n` as `<br>`.
 */
export function writeHtmlInlines(nodes: readonly InlineContent[]): ElementContent[] {
  const units: Unit[] = [];
  for (const node of nodes) {
    if (node.object === 'inline') units.push({ kind: 'inline', node });
    else {
      for (const leaf of node.leaves) {
        units.push({
          kind: 'leaf',
          text: leaf.text,
          marks: new Set(leaf.marks.map((mark) => mark.type)),
        });
      }
    }
  }
  return writeUnits(units);
}

function writeUnits(units: readonly Unit[]): ElementContent[] {
  const result: ElementContent[] = [];
  let index = 0;
  while (index < units.length) {
    const unit = units[index];
    if (!unit) break;
    const mark = widestMark(units, index);
    if (!mark) {
      result.push(...writeUnit(unit));
      index++;
      continue;
    }
    const end = runEnd(units, index, mark);
    const wrapper = MARK_ELEMENTS[mark].write();
    wrapper.children = writeUnits(units.slice(index, end).map((item) => withoutMark(item, mark)));
    result.push(wrapper);
    index = end;
  }
  return result;
}

/** The mark to open at `start`: the one whose run reaches farthest. */
function widestMark(units: readonly Unit[], start: number): MarkType | undefined {
  const unit = units[start];
  if (unit?.kind !== 'leaf') return undefined;
  let best: MarkType | undefined;
  let bestEnd = -1;
  for (const type of MARK_ORDER) {
    if (!unit.marks.has(type)) continue;
    const end = runEnd(units, start, type);
    if (end > bestEnd) {
      best = type;
      bestEnd = end;
    }
  }
  return best;
}

/**
 * End (exclusive) of the run of leaves carrying `mark` from `start`, with the void inlines
 * between them; a link ends it, as GitBook writes marks inside the link.
 */
function runEnd(units: readonly Unit[], start: number, mark: MarkType): number {
  let end = start + 1;
  for (let next = end; next < units.length; next++) {
    const unit = units[next];
    if (unit?.kind === 'leaf') {
      if (!unit.marks.has(mark)) break;
      end = next + 1;
    } else if (unit?.node.type === 'link') break;
  }
  return end;
}

function withoutMark(unit: Unit, mark: MarkType): Unit {
  if (unit.kind !== 'leaf') return unit;
  const marks = new Set(unit.marks);
  marks.delete(mark);
  return { ...unit, marks };
}

function writeUnit(unit: Unit): ElementContent[] {
  if (unit.kind === 'leaf') return writeText(unit.text);
  return writeInline(unit.node);
}

function writeInline<T extends Inline>(node: T): ElementContent[] {
  // The entry for `node.type` takes `T`; TypeScript cannot tie an indexed entry to its key.
  const write = INLINE_WRITERS[node.type] as InlineWriter<T>;
  return write(node, writeHtmlInlines);
}

/** Text with `\n` hard breaks as `<br>`. */
function writeText(text: string): ElementContent[] {
  const result: ElementContent[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) result.push(element('br'));
    if (line !== '') result.push({ type: 'text', value: line });
  });
  return result;
}
