import type { Element, ElementContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Raw } from 'mdast-util-to-hast';
import { emojiFromCode } from '../model/emoji.js';
import { InlineBuilder } from '../model/inline-builder.js';
import { linkRefFromUrl, linkRefToUrl } from '../model/link-ref.js';
import { createMarks, MARK_ORDER, markKey, plainMark as markOf } from '../model/marks.js';
import type { ButtonInline, Inline, InlineContent, Mark, MarkType } from '../types.js';
import { type MarkRunOptions, type MarkTree, planMarkRuns } from '../write/mark-runs.js';
import { imageElement, readImageElement } from './figures.js';
import { element } from './hast.js';
import { colorFromStyle, colorStyle } from './mark-tags.js';

/**
 * Running text in GitBook's HTML (the cells of its HTML tables) read into the document model and
 * written back as GitBook writes it. Each mark and inline is one entry of the tables below:
 * reading or writing another element is a matter of adding an entry, and a new mark or inline
 * type does not compile until it has one.
 */

/** The HTML element of a mark. */
interface MarkElement {
  /** The mark an element is, if it is this kind of mark. */
  readonly read: (element: Element) => Mark | undefined;
  /** The element GitBook writes for the mark; the caller adds its children. */
  readonly write: (mark: Mark) => Element;
}

/** Reads children with the marks around them; `undefined` when one of them is not mapped. */
type ReadChildren = (children: readonly ElementContent[]) => InlineContent[] | undefined;
type WriteChildren = (nodes: readonly InlineContent[]) => ElementContent[];

/** Reads an element as an inline; `undefined` when it is something the model does not hold. */
type InlineReader = (element: Element, readChildren: ReadChildren) => Inline | undefined;
type InlineWriter<T extends Inline> = (inline: T, writeChildren: WriteChildren) => ElementContent[];

/** HTML written as is (hast-util-to-html's `raw` node, declared by mdast-util-to-hast). */
const raw = (value: string): Raw => ({ type: 'raw', value });

const hasNoAttributes = (node: Element) => Object.keys(node.properties).length === 0;

/** A mark written as `tagName` without attributes; `aliases` are read as it too. */
function plainMark(
  type: Exclude<MarkType, 'color'>,
  tagName: string,
  ...aliases: string[]
): MarkElement {
  const names = [tagName, ...aliases];
  return {
    read: (node) =>
      names.includes(node.tagName) && hasNoAttributes(node) ? markOf(type) : undefined,
    write: () => element(tagName),
  };
}

/** A colour: `<mark style="color:…;">`, as GitBook writes it in Markdown too. */
const colorElement: MarkElement = {
  read: (node) => {
    const { style, ...rest } = node.properties;
    if (node.tagName !== 'mark' || typeof style !== 'string' || Object.keys(rest).length > 0) {
      return undefined;
    }
    return colorFromStyle(style);
  },
  write: (mark) => element('mark', mark.type === 'color' ? { style: colorStyle(mark) } : {}),
};

/**
 * Every mark's element, written with the first name of each entry. An `<i>` with a class is
 * one of GitBook's icons, not italic, so only attribute-less elements are marks.
 */
const MARK_ELEMENTS: { readonly [M in MarkType]: MarkElement } = {
  color: colorElement,
  bold: plainMark('bold', 'strong', 'b'),
  italic: plainMark('italic', 'em', 'i'),
  strikethrough: plainMark('strikethrough', 's', 'del'),
  keyboard: plainMark('keyboard', 'kbd'),
  superscript: plainMark('superscript', 'sup'),
  subscript: plainMark('subscript', 'sub'),
  code: plainMark('code', 'code'),
};

/** The text of an element that holds only plain text, decoded. */
function onlyText(node: Element): string | undefined {
  const [text, ...rest] = node.children;
  return text?.type === 'text' && rest.length === 0 && !text.value.includes('\n')
    ? text.value
    : undefined;
}

const BUTTON_KINDS = ['primary', 'secondary'] as const;

/** A button's kind from its classes (`button primary`). */
function buttonKind(className: unknown): ButtonInline['data']['kind'] | undefined {
  if (!Array.isArray(className) || className.length !== 2 || className[0] !== 'button') {
    return undefined;
  }
  return BUTTON_KINDS.find((kind) => kind === className[1]);
}

function readButton(
  node: Element,
  target: Pick<ButtonInline['data'], 'ref' | 'action' | 'query'>,
  icon: unknown,
  className: unknown,
): Inline | undefined {
  const kind = buttonKind(className);
  const label = onlyText(node);
  if (!kind || !label || label.trim() !== label) return undefined;
  if (icon !== undefined && typeof icon !== 'string') return undefined;
  const data: ButtonInline['data'] = { kind, label, ...target };
  if (icon !== undefined) data.icon = icon;
  return { object: 'inline', type: 'button', isVoid: true, data };
}

/** Inlines by the element they are read from. */
const INLINE_READERS: Readonly<Record<string, InlineReader>> = {
  a: (node, readChildren) => {
    const { href: buttonHref, className, dataIcon, ...others } = node.properties;
    if (className !== undefined) {
      if (typeof buttonHref !== 'string' || !buttonHref || Object.keys(others).length > 0) {
        return undefined;
      }
      return readButton(node, { ref: linkRefFromUrl(buttonHref) }, dataIcon, className);
    }
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
  button: (node) => {
    const { type, className, dataAction, dataQuery, dataIcon, ...rest } = node.properties;
    if (type !== 'button' || typeof dataAction !== 'string' || !dataAction) return undefined;
    if (Object.keys(rest).length > 0) return undefined;
    if (dataQuery !== undefined && typeof dataQuery !== 'string') return undefined;
    const target =
      dataQuery === undefined ? { action: dataAction } : { action: dataAction, query: dataQuery };
    return readButton(node, target, dataIcon, className);
  },
  code: (node) => {
    const { className, ...rest } = node.properties;
    const expression = onlyText(node);
    if (!Array.isArray(className) || className.join(' ') !== 'expression') return undefined;
    if (Object.keys(rest).length > 0 || !expression) return undefined;
    return { object: 'inline', type: 'expression', isVoid: true, data: { expression } };
  },
  i: (node) => {
    const { className, ...rest } = node.properties;
    const [name, ...others] = Array.isArray(className) ? className : [];
    if (typeof name !== 'string' || !name.startsWith('fa-') || others.length > 0) return undefined;
    const icon = name.slice('fa-'.length);
    if (Object.keys(rest).length > 0 || onlyText(node) !== `:${icon}:`) return undefined;
    return { object: 'inline', type: 'icon', isVoid: true, data: { icon } };
  },
  // An image in text, or a picture with its dark variant: read as block images are, without the
  // display width a figure has.
  picture: readInlineImage,
  img: readInlineImage,
};

function readInlineImage(node: Element): Inline | undefined {
  const data = readImageElement(node);
  if (!data || data.width !== undefined) return undefined;
  return { object: 'inline', type: 'inline-image', isVoid: true, data };
}

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
  'inline-image': ({ data }) => [imageElement(data)],
  icon: ({ data }) => [
    element('i', { className: [`fa-${data.icon}`] }, [{ type: 'text', value: `:${data.icon}:` }]),
  ],
  button: ({ data }) => {
    const label: ElementContent[] = [{ type: 'text', value: data.label }];
    const className = ['button', data.kind];
    const icon = data.icon === undefined ? {} : { dataIcon: data.icon };
    if (data.ref !== undefined) {
      return [element('a', { href: linkRefToUrl(data.ref), className, ...icon }, label)];
    }
    const query = data.query === undefined ? {} : { dataQuery: data.query };
    const properties = {
      type: 'button',
      className,
      dataAction: data.action ?? '',
      ...query,
      ...icon,
    };
    return [element('button', properties, label)];
  },
  emoji: ({ data }) => [{ type: 'text', value: emojiFromCode(data.code) }],
  'inline-math': ({ data }) => [raw(`$$${data.formula}$$`)],
  expression: ({ data }) => [
    element('code', { className: ['expression'] }, [{ type: 'text', value: data.expression }]),
  ],
  mention: ({ data }) => [raw(`[${data.label}](mention:${data.user})`)],
  raw: ({ data }) => [raw(data.markdown)],
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
  marks: readonly Mark[],
): boolean {
  return children.every((child) => addNode(builder, child, marks));
}

function addNode(builder: InlineBuilder, node: ElementContent, marks: readonly Mark[]): boolean {
  if (node.type === 'text') {
    if (node.value.includes('\n')) return false;
    builder.addTextWithEmoji(node.value, marks);
    return true;
  }
  if (node.type !== 'element') return false;
  if (node.tagName === 'br') {
    if (!hasNoAttributes(node)) return false;
    builder.addText('\n', createMarks(marks));
    return true;
  }
  const mark = MARK_ORDER.map((type) => MARK_ELEMENTS[type].read(node)).find(Boolean);
  if (mark) {
    // The same mark inside itself would be lost; an empty element would leave nothing to mark.
    if (marks.some((outer) => outer.type === mark.type) || node.children.length === 0) return false;
    return addChildren(builder, node.children, [...marks, mark]);
  }
  const readChildren: ReadChildren = (children) => {
    const inner = new InlineBuilder();
    return addChildren(inner, children, marks) ? inner.build() : undefined;
  };
  const inline = INLINE_READERS[node.tagName]?.(node, readChildren);
  if (!inline) return false;
  builder.addInline(inline);
  return true;
}

/**
 * Whether Markdown has no syntax of its own for an inline, so that GitBook writes it as HTML in
 * running text too: icons, buttons, expressions and pictures with a dark variant.
 */
export function isHtmlOnlyInline(inline: Inline): boolean {
  return (
    inline.type === 'icon' ||
    inline.type === 'button' ||
    inline.type === 'expression' ||
    (inline.type === 'inline-image' && inline.data.srcDark !== undefined)
  );
}

/**
 * One element of GitBook's HTML (`<i class="fa-…">`, `<a class="button …">`, `<picture>`) read
 * from its source as the inline it is, when it writes back byte for byte.
 */
export function readHtmlInline(html: string): Inline | undefined {
  const [element, ...others] = fromHtml(html, { fragment: true }).children;
  if (element?.type !== 'element' || others.length > 0) return undefined;
  const [only, ...rest] = readHtmlInlines([element]) ?? [];
  if (only?.object !== 'inline' || rest.length > 0) return undefined;
  return writeHtmlInline(only) === html ? only : undefined;
}

/** An inline written as GitBook's HTML. */
export function writeHtmlInline(inline: Inline): string {
  return toHtml(writeHtmlInlines([inline]));
}

/** A leaf, or an inline, which carries no marks of its own (a link's text carries its own). */
type Unit =
  | { kind: 'leaf'; text: string; marks: ReadonlyMap<string, Mark> }
  | { kind: 'inline'; node: Inline; marks: undefined; endsRuns: boolean };

// Every element starts and ends at a marked leaf; a link ends a run, its text has its own marks.
const htmlRuns: MarkRunOptions<Unit> = {
  order: MARK_ORDER,
  edges: 'outside',
  without: withoutMark,
};

/**
 * Writes running text as the HTML GitBook writes: each mark one element around the longest run
 * it covers (the first in canonical order outermost when two runs are equally long), marks of a
 * link's text inside the link, `\n` as `<br>`.
 */
export function writeHtmlInlines(nodes: readonly InlineContent[]): ElementContent[] {
  const units: Unit[] = [];
  for (const node of nodes) {
    if (node.object === 'inline') {
      units.push({ kind: 'inline', node, marks: undefined, endsRuns: node.type === 'link' });
    } else {
      for (const leaf of node.leaves) {
        units.push({
          kind: 'leaf',
          text: leaf.text,
          marks: new Map(leaf.marks.map((mark) => [markKey(mark), mark])),
        });
      }
    }
  }
  return writeUnits(units);
}

function writeUnits(units: readonly Unit[]): ElementContent[] {
  return planMarkRuns(units, htmlRuns).flatMap(writePlanned);
}

function writePlanned(planned: MarkTree<Unit>): ElementContent[] {
  if ('unit' in planned) return writeUnit(planned.unit);
  const wrapper = MARK_ELEMENTS[planned.mark.type].write(planned.mark);
  wrapper.children = planned.children.flatMap(writePlanned);
  return [wrapper];
}

function withoutMark(unit: Unit, key: string): Unit {
  if (unit.kind !== 'leaf') return unit;
  const marks = new Map(unit.marks);
  marks.delete(key);
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
