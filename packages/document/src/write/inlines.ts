import type { PhrasingContent } from 'mdast';
import { isHtmlOnlyInline, writeHtmlInline } from '../html/inlines.js';
import { closingTag, isHtmlMark, openingTag } from '../html/mark-tags.js';
import { emojiFromCode } from '../model/emoji.js';
import { linkRefToUrl } from '../model/link-ref.js';
import { markKey } from '../model/marks.js';
import type { Inline, InlineContent, LinkInline, Mark, MarkType } from '../types.js';
import { type MarkRunOptions, type MarkTree, planMarkRuns } from './mark-runs.js';

/**
 * Marks written as wrapping nodes; `code` is written per leaf. When two runs are equally long the
 * first here goes outside: a colour goes around Markdown marks as GitBook writes it, and
 * `***a***` reads and writes as CommonMark nests it.
 */
const WRAPPING_ORDER: readonly MarkType[] = [
  'color',
  'italic',
  'bold',
  'strikethrough',
  'keyboard',
  'superscript',
  'subscript',
];

/** Marks by key (`markKey`), so that colours with different values are different marks. */
type MarkMap = ReadonlyMap<string, Mark>;

/**
 * One piece of running text while marks are turned back into nested Markdown: a leaf, a link
 * (whose text carries its own marks), or a void inline, which carries no marks and joins
 * whichever run it sits in.
 */
type Unit =
  | { kind: 'leaf'; text: string; marks: MarkMap }
  | { kind: 'link'; node: LinkInline; marks: Map<string, Mark>; hoisted: ReadonlySet<string> }
  | { kind: 'void'; node: Inline; marks: undefined };

// Marks nest around voids at a run's edges (`**a ![i](x)**`), as CommonMark reads them back.
const markdownRuns: MarkRunOptions<Unit> = {
  order: WRAPPING_ORDER,
  edges: 'inside',
  without: withoutMark,
};

/**
 * Writes running text as mdast phrasing content, nesting marks as few times as possible. A hard
 * break that ends the text is written `<br>`, as GitBook does: Markdown has no other way to say it.
 */
export function writeInlines(nodes: readonly InlineContent[]): PhrasingContent[] {
  const result = writeUnits(toUnits(nodes, new Set()));
  replaceFinalBreak(result);
  return result;
}

/** Turns a `break` that nothing follows into `<br>`. */
function replaceFinalBreak(nodes: PhrasingContent[]): void {
  const last = nodes.at(-1);
  if (last?.type === 'break') nodes[nodes.length - 1] = { type: 'html', value: '<br>' };
  else if (last && 'children' in last) replaceFinalBreak(last.children);
}

function toUnits(nodes: readonly InlineContent[], hoisted: ReadonlySet<string>): Unit[] {
  const units: Unit[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) {
        const marks = new Map<string, Mark>();
        for (const mark of leaf.marks) {
          const key = markKey(mark);
          if (!hoisted.has(key)) marks.set(key, mark);
        }
        units.push({ kind: 'leaf', text: leaf.text, marks });
      }
    } else if (node.type === 'link' && hasText(node.nodes)) {
      units.push({ kind: 'link', node, marks: new Map(), hoisted });
    } else {
      units.push({ kind: 'void', node, marks: undefined });
    }
  }
  hoistAroundLinks(units);
  return units;
}

/**
 * GitBook writes marks inside a link's text (`[**x**](url)`, `[**x**](url)**, y**`), so a link
 * starts no mark run; a mark already running when the link starts continues around it
 * (`**a [b](u)**`), which keeps that run in one piece.
 */
function hoistAroundLinks(units: Unit[]): void {
  units.forEach((unit, index) => {
    const before = units[index - 1];
    if (unit.kind !== 'link' || before?.kind !== 'leaf') return;
    for (const [key, mark] of sharedMarks(unit.node.nodes) ?? []) {
      if (before.marks.has(key) && !unit.hoisted.has(key)) unit.marks.set(key, mark);
    }
  });
}

/** Marks carried by every leaf inside a link; `undefined` when it has no text. */
function sharedMarks(nodes: readonly InlineContent[]): Map<string, Mark> | undefined {
  let shared: Map<string, Mark> | undefined;
  for (const node of nodes) {
    const leaves = node.object === 'text' ? node.leaves : [];
    for (const leaf of leaves) {
      const marks = new Map(leaf.marks.map((mark) => [markKey(mark), mark]));
      shared = shared ? new Map([...shared].filter(([key]) => marks.has(key))) : marks;
    }
  }
  shared?.delete('code');
  return shared;
}

function hasText(nodes: readonly InlineContent[]): boolean {
  return nodes.some((node) => node.object === 'text' && node.leaves.length > 0);
}

function writeUnits(units: readonly Unit[]): PhrasingContent[] {
  return mergeTexts(planMarkRuns(units, markdownRuns).flatMap(writePlanned));
}

function writePlanned(planned: MarkTree<Unit>): PhrasingContent[] {
  if ('unit' in planned) return writeUnit(planned.unit);
  return wrap(planned.mark, mergeTexts(planned.children.flatMap(writePlanned)));
}

function wrap(mark: Mark, children: PhrasingContent[]): PhrasingContent[] {
  if (isHtmlMark(mark)) {
    return [
      { type: 'html', value: openingTag(mark) },
      ...children,
      { type: 'html', value: closingTag(mark) },
    ];
  }
  if (mark.type === 'bold') return [{ type: 'strong', children }];
  if (mark.type === 'italic') return [{ type: 'emphasis', children }];
  return [{ type: 'delete', children }];
}

function withoutMark(unit: Unit, key: string): Unit {
  if (unit.kind === 'void') return unit;
  const marks = new Map(unit.marks);
  marks.delete(key);
  if (unit.kind === 'leaf') return { ...unit, marks };
  return { ...unit, marks, hoisted: new Set([...unit.hoisted, key]) };
}

function writeUnit(unit: Unit): PhrasingContent[] {
  if (unit.kind === 'leaf') {
    if (unit.marks.has('code')) return [{ type: 'inlineCode', value: unit.text }];
    return writeText(unit.text);
  }
  if (unit.kind === 'link') {
    const children = writeUnits(toUnits(unit.node.nodes, unit.hoisted));
    return [linkNode(unit.node, children)];
  }
  return writeVoid(unit.node);
}

/** Text with `\n` hard breaks. */
function writeText(text: string): PhrasingContent[] {
  const result: PhrasingContent[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) result.push({ type: 'break' });
    if (line !== '') result.push({ type: 'text', value: line });
  });
  return result;
}

function linkNode(node: LinkInline, children: PhrasingContent[]): PhrasingContent {
  return {
    type: 'link',
    url: linkRefToUrl(node.data.ref),
    title: node.data.title ?? null,
    children,
  };
}

function writeVoid(node: Inline): PhrasingContent[] {
  switch (node.type) {
    case 'link':
      return [linkNode(node, writeInlines(node.nodes))];
    case 'inline-image':
      // A picture with a dark variant has no Markdown syntax: GitBook writes its HTML.
      if (isHtmlOnlyInline(node)) return [{ type: 'html', value: writeHtmlInline(node) }];
      return [
        {
          type: 'image',
          url: node.data.src,
          alt: node.data.alt ?? '',
          title: node.data.title ?? null,
        },
      ];
    case 'inline-math':
      return [{ type: 'inlineMath', value: node.data.formula }];
    case 'emoji':
      return [{ type: 'text', value: emojiFromCode(node.data.code) }];
    case 'mention':
      return [
        {
          type: 'link',
          url: `mention:${node.data.user}`,
          children: [{ type: 'text', value: node.data.label }],
        },
      ];
    case 'icon':
    case 'button':
    case 'expression':
      return [{ type: 'html', value: writeHtmlInline(node) }];
    case 'raw':
      return [{ type: 'html', value: node.data.markdown }];
  }
}

/** Joins neighbouring text nodes so escaping sees the whole run of text. */
function mergeTexts(nodes: PhrasingContent[]): PhrasingContent[] {
  const result: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = result.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else result.push(node);
  }
  return result;
}
