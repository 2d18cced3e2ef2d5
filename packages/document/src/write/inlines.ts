import type { PhrasingContent } from 'mdast';
import { emojiFromCode } from '../helpers/emoji.js';
import { linkRefToUrl } from '../helpers/link-ref.js';
import type { Inline, InlineContent, LinkInline, MarkType } from '../types.js';

/**
 * Marks written as wrapping Markdown nodes; `code` is written per leaf. When two runs are equally
 * long the first here goes outside, so `***a***` reads and writes as CommonMark nests it.
 */
const WRAPPING_MARKS = ['italic', 'bold', 'strikethrough'] as const;
type WrappingMark = (typeof WRAPPING_MARKS)[number];

/**
 * One piece of running text while marks are turned back into nested Markdown: a leaf, a link
 * (whose text carries its own marks), or a void inline, which carries no marks and joins
 * whichever run it sits in.
 */
type Unit =
  | { kind: 'leaf'; text: string; marks: ReadonlySet<MarkType> }
  | { kind: 'link'; node: LinkInline; marks: Set<MarkType>; hoisted: ReadonlySet<MarkType> }
  | { kind: 'void'; node: Inline };

/** Writes running text as mdast phrasing content, nesting marks as few times as possible. */
export function writeInlines(nodes: readonly InlineContent[]): PhrasingContent[] {
  return writeUnits(toUnits(nodes, new Set()));
}

function toUnits(nodes: readonly InlineContent[], hoisted: ReadonlySet<MarkType>): Unit[] {
  const units: Unit[] = [];
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) {
        const marks = new Set(
          leaf.marks.map((mark) => mark.type).filter((type) => !hoisted.has(type)),
        );
        units.push({ kind: 'leaf', text: leaf.text, marks });
      }
    } else if (node.type === 'link' && hasText(node.nodes)) {
      units.push({ kind: 'link', node, marks: new Set(), hoisted });
    } else {
      units.push({ kind: 'void', node });
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
    for (const type of sharedMarks(unit.node.nodes) ?? []) {
      if (before.marks.has(type) && !unit.hoisted.has(type)) unit.marks.add(type);
    }
  });
}

/** Marks carried by every leaf inside a link; `undefined` when it has no text. */
function sharedMarks(nodes: readonly InlineContent[]): Set<MarkType> | undefined {
  let shared: Set<MarkType> | undefined;
  for (const node of nodes) {
    const leaves = node.object === 'text' ? node.leaves : [];
    for (const leaf of leaves) {
      const types = leaf.marks.map((mark) => mark.type);
      shared = shared ? new Set(types.filter((type) => shared?.has(type))) : new Set(types);
    }
  }
  shared?.delete('code');
  return shared;
}

function hasText(nodes: readonly InlineContent[]): boolean {
  return nodes.some((node) => node.object === 'text' && node.leaves.length > 0);
}

/** End (exclusive) of the run of units from `start` that carry `mark`, voids included. */
function runEnd(units: readonly Unit[], start: number, mark: MarkType): number {
  let end = start;
  for (let unit = units[end]; unit; unit = units[++end]) {
    if (unit.kind !== 'void' && !unit.marks.has(mark)) break;
  }
  return end;
}

/** The mark to open at `start`: the one whose run reaches farthest. */
function widestMark(units: readonly Unit[], start: number): WrappingMark | undefined {
  let lookahead = start;
  while (units[lookahead]?.kind === 'void') lookahead++;
  const unit = units[lookahead];
  if (!unit || unit.kind === 'void') return undefined;
  let best: WrappingMark | undefined;
  let bestEnd = -1;
  for (const mark of WRAPPING_MARKS) {
    if (!unit.marks.has(mark)) continue;
    const end = runEnd(units, start, mark);
    if (end > bestEnd) {
      best = mark;
      bestEnd = end;
    }
  }
  return best;
}

function writeUnits(units: readonly Unit[]): PhrasingContent[] {
  const result: PhrasingContent[] = [];
  let index = 0;
  while (index < units.length) {
    const unit = units[index];
    if (!unit) break;
    const mark = widestMark(units, index);
    if (mark === undefined) {
      result.push(...writeUnit(unit));
      index++;
      continue;
    }
    const end = runEnd(units, index, mark);
    const children = writeUnits(units.slice(index, end).map((item) => withoutMark(item, mark)));
    if (mark === 'bold') result.push({ type: 'strong', children });
    else if (mark === 'italic') result.push({ type: 'emphasis', children });
    else result.push({ type: 'delete', children });
    index = end;
  }
  return mergeTexts(result);
}

function withoutMark(unit: Unit, mark: MarkType): Unit {
  if (unit.kind === 'void') return unit;
  const marks = new Set(unit.marks);
  marks.delete(mark);
  if (unit.kind === 'leaf') return { ...unit, marks };
  return { ...unit, marks, hoisted: new Set([...unit.hoisted, mark]) };
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
