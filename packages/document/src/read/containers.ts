import type { RootContent } from 'mdast';
import { isDetailsClose, readDetailsOpen, readSummary } from '../helpers/html-blocks.js';
import { hasAttributes, type ParsedTag, parseTag } from '../helpers/tag-attributes.js';
import type {
  Block,
  CodeBlock,
  EmbedBlock,
  HintStyle,
  InlineContent,
  TabsItemBlock,
} from '../types.js';
import { readCode } from './code.js';
import type { ReadContext } from './context.js';

type ReadBlocks = (nodes: readonly RootContent[], context: ReadContext, nested: boolean) => Block[];

/** A container read from sibling nodes, and the index of the first sibling after it. */
export interface ReadContainerResult {
  block: Block;
  next: number;
}

const HINT_STYLES: readonly HintStyle[] = ['info', 'success', 'warning', 'danger'];

function isHintStyle(style: string | undefined): style is HintStyle {
  return HINT_STYLES.some((known) => known === style);
}

/**
 * Reads a GitBook container starting at `nodes[start]`: tag pairs (`{% hint %}…{% endhint %}`,
 * tabs, content-ref, code titles, captioned embeds), void tags (embed, file) and `<details>`
 * expandables. Returns
 * `undefined` when `nodes[start]` does not open a well-formed container; the caller then keeps
 * the node verbatim.
 */
export function readContainer(
  nodes: readonly RootContent[],
  start: number,
  context: ReadContext,
  nested: boolean,
  readBlocks: ReadBlocks,
): ReadContainerResult | undefined {
  const node = nodes[start];
  if (node?.type === 'html') return readExpandable(nodes, start, context, nested, readBlocks);
  if (node?.type !== 'liquidTag') return undefined;
  const tag = parseTag(node.value);
  if (!tag) return undefined;
  const single = (block: Block) => ({ block, next: start + 1 });
  switch (tag.name) {
    case 'embed':
      if (!hasAttributes(tag, ['url'])) return undefined;
      return readEmbed(nodes, start, tag.attributes.url ?? '', context, readBlocks);
    case 'file':
      if (!hasAttributes(tag, ['src'])) return undefined;
      return single({
        object: 'block',
        type: 'file',
        isVoid: true,
        data: { src: tag.attributes.src ?? '' },
      });
    case 'hint':
    case 'tabs':
    case 'content-ref':
    case 'code':
      break;
    default:
      return undefined;
  }
  const end = findClosingTag(nodes, start, tag.name);
  if (end === -1) return undefined;
  const inner = nodes.slice(start + 1, end);
  const block = readTagContainer(tag, inner, context, nested, readBlocks);
  return block ? { block, next: end + 1 } : undefined;
}

/**
 * An embed, with its caption when `{% endembed %}` follows one paragraph of plain text. Any other
 * content up to an `{% endembed %}` is not a caption: the embed is then read as void and what
 * follows it is read (or kept verbatim) on its own.
 */
function readEmbed(
  nodes: readonly RootContent[],
  start: number,
  url: string,
  context: ReadContext,
  readBlocks: ReadBlocks,
): ReadContainerResult {
  const embed = (data: EmbedBlock['data'], next: number): ReadContainerResult => ({
    block: { object: 'block', type: 'embed', isVoid: true, data },
    next,
  });
  const end = findClosingTag(nodes, start, 'embed');
  const [paragraph] = nodes.slice(start + 1, end);
  if (end !== start + 2 || paragraph?.type !== 'paragraph') return embed({ url }, start + 1);
  if (!paragraph.children.every((child) => child.type === 'text')) return embed({ url }, start + 1);
  const [read] = readBlocks([paragraph], context, true);
  const caption = read?.type === 'paragraph' ? plainTextOf(read.nodes) : undefined;
  return caption ? embed({ url, caption }, end + 1) : embed({ url }, start + 1);
}

/** The text of running text without marks or inlines; `undefined` when it has either. */
function plainTextOf(nodes: readonly InlineContent[]): string | undefined {
  let text = '';
  for (const node of nodes) {
    if (node.object !== 'text') return undefined;
    for (const leaf of node.leaves) {
      if (leaf.marks.length > 0) return undefined;
      text += leaf.text;
    }
  }
  return text;
}

function readTagContainer(
  tag: ParsedTag,
  inner: readonly RootContent[],
  context: ReadContext,
  nested: boolean,
  readBlocks: ReadBlocks,
): Block | undefined {
  const { attributes } = tag;
  switch (tag.name) {
    case 'hint': {
      const style = attributes.style;
      if (!hasAttributes(tag, ['style']) || !isHintStyle(style)) return undefined;
      const nodes = readBlocks(inner, context, nested);
      return { object: 'block', type: 'hint', data: { style }, nodes };
    }
    case 'content-ref': {
      if (!hasAttributes(tag, ['url'])) return undefined;
      const nodes = readBlocks(inner, context, nested);
      return { object: 'block', type: 'content-ref', data: { url: attributes.url ?? '' }, nodes };
    }
    case 'code':
      return readTitledCode(tag, inner);
    case 'tabs':
      return readTabs(tag, inner, context, nested, readBlocks);
  }
  return undefined;
}

function readTitledCode(tag: ParsedTag, inner: readonly RootContent[]): CodeBlock | undefined {
  const [code] = inner;
  if (inner.length !== 1 || code?.type !== 'code') return undefined;
  if (!hasAttributes(tag, [], ['title', 'lineNumbers', 'overflow'])) return undefined;
  const { title, lineNumbers, overflow } = tag.attributes;
  if (Object.keys(tag.attributes).length === 0) return undefined;
  if (lineNumbers !== undefined && lineNumbers !== 'true' && lineNumbers !== 'false')
    return undefined;
  const block = readCode(code);
  const data: NonNullable<CodeBlock['data']> = { ...block.data };
  if (title !== undefined) data.title = title;
  if (lineNumbers !== undefined) data.lineNumbers = lineNumbers === 'true';
  if (overflow !== undefined) data.overflow = overflow;
  return { ...block, data };
}

function readTabs(
  tag: ParsedTag,
  inner: readonly RootContent[],
  context: ReadContext,
  nested: boolean,
  readBlocks: ReadBlocks,
): Block | undefined {
  if (!hasAttributes(tag, [])) return undefined;
  const tabs: TabsItemBlock[] = [];
  let index = 0;
  while (index < inner.length) {
    const open = inner[index];
    const tab = open?.type === 'liquidTag' ? parseTag(open.value) : undefined;
    if (tab?.name !== 'tab' || !hasAttributes(tab, ['title'])) return undefined;
    const end = findClosingTag(inner, index, 'tab');
    if (end === -1) return undefined;
    const nodes = readBlocks(inner.slice(index + 1, end), context, nested);
    tabs.push({
      object: 'block',
      type: 'tabs-item',
      data: { title: tab.attributes.title ?? '' },
      nodes,
    });
    index = end + 1;
  }
  return { object: 'block', type: 'tabs', nodes: tabs };
}

/** Index of the tag closing `nodes[start]` (`end<name>`), honouring nesting; -1 if none. */
function findClosingTag(nodes: readonly RootContent[], start: number, name: string): number {
  let depth = 0;
  for (let index = start + 1; index < nodes.length; index++) {
    const node = nodes[index];
    if (node?.type !== 'liquidTag') continue;
    const tagName = /^\S+/.exec(node.value)?.[0];
    if (tagName === name) depth++;
    else if (tagName === `end${name}`) {
      if (depth === 0) return index;
      depth--;
    }
  }
  return -1;
}

function readExpandable(
  nodes: readonly RootContent[],
  start: number,
  context: ReadContext,
  nested: boolean,
  readBlocks: ReadBlocks,
): ReadContainerResult | undefined {
  const open = nodes[start];
  const opened = open?.type === 'html' ? readDetailsOpen(open.value) : undefined;
  if (!opened) return undefined;
  let bodyStart = start + 1;
  let title = opened.title;
  if (title === undefined) {
    const summary = nodes[bodyStart];
    title = summary?.type === 'html' ? readSummary(summary.value) : undefined;
    if (title === undefined) return undefined;
    bodyStart++;
  }
  let depth = 0;
  for (let index = bodyStart; index < nodes.length; index++) {
    const node = nodes[index];
    if (node?.type !== 'html') continue;
    if (readDetailsOpen(node.value)) depth++;
    else if (isDetailsClose(node.value)) {
      if (depth > 0) {
        depth--;
        continue;
      }
      const body = readBlocks(nodes.slice(bodyStart, index), context, nested);
      return {
        block: { object: 'block', type: 'expandable', data: { title }, nodes: body },
        next: index + 1,
      };
    }
  }
  return undefined;
}
