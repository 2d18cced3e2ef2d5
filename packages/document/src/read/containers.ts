import type { RootContent } from 'mdast';
import { isDetailsClose, readDetailsOpen, readSummary } from '../html/details.js';
import { hasAttributes, type ParsedTag, parseTag } from '../liquid-tag/attributes.js';
import type { Block, CodeBlock, HintStyle, TabsItemBlock } from '../types.js';
import type { readBlocks } from './blocks.js';
import { readCode } from './code.js';
import type { ReadContext } from './context.js';
import { conditionalBlock, readCondition, readPageRef } from './gitbook-tags.js';
import { readInlines } from './inlines.js';
import {
  isTagContainer,
  readInclude,
  readTagContainer as readItemContainer,
} from './tag-containers.js';

type ReadBlocks = typeof readBlocks;

/** A container read from sibling nodes, and the index of the first sibling after it. */
interface ReadContainerResult {
  block: Block;
  next: number;
}

const HINT_STYLES: readonly HintStyle[] = ['info', 'success', 'warning', 'danger'];

function isHintStyle(style: string | undefined): style is HintStyle {
  return HINT_STYLES.some((known) => known === style);
}

/**
 * Reads a GitBook container starting at `nodes[start]`: tag pairs (`{% hint %}…{% endhint %}`,
 * tabs, content-ref, code titles, captioned embeds, `{% if %}` conditions), void tags (embed,
 * file, page-ref) and `<details>` expandables. Returns
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
  const single = (block: Block) => ({ block, next: start + 1 });
  const include = readInclude(node.value);
  if (include) return single(include);
  const condition = readCondition(node.value);
  if (condition !== undefined) {
    const end = closingIndex(nodes, start);
    if (end === -1) return undefined;
    const inner = readBlocks(nodes.slice(start + 1, end), context, nested);
    return { block: conditionalBlock(condition, inner), next: end + 1 };
  }
  const tag = parseTag(node.value);
  if (!tag) return undefined;
  if (isTagContainer(tag.name)) {
    const end = closingIndex(nodes, start);
    if (end === -1) return undefined;
    const inner = nodes.slice(start + 1, end);
    const block = readItemContainer(tag, inner, context, nested, readBlocks, closingIndex);
    return block ? { block, next: end + 1 } : undefined;
  }
  switch (tag.name) {
    case 'embed':
      if (!hasAttributes(tag, ['url'])) return undefined;
      return readEmbed(nodes, start, tag.attributes.url ?? '', context);
    case 'file': {
      if (!hasAttributes(tag, ['src'])) return undefined;
      const src = tag.attributes.src ?? '';
      const { caption, next } = readCaption(nodes, start, 'endfile', context);
      const data = caption === undefined ? { src } : { src, caption };
      return { block: { object: 'block', type: 'file', isVoid: true, data }, next };
    }
    case 'page-ref':
      if (!hasAttributes(tag, ['page'])) return undefined;
      return single(readPageRef(tag.attributes.page ?? ''));
    case 'hint':
    case 'tabs':
    case 'content-ref':
    case 'code':
      break;
    default:
      return undefined;
  }
  const end = closingIndex(nodes, start);
  if (end === -1) return undefined;
  const inner = nodes.slice(start + 1, end);
  const block = readTagContainer(tag, inner, context, nested, readBlocks);
  return block ? { block, next: end + 1 } : undefined;
}

/**
 * An embed, with its caption when one paragraph of plain text and `{% endembed %}` follow it.
 * Anything else after it is not a caption: the embed is then read as void and what follows it
 * is read (or kept verbatim) on its own.
 */
function readEmbed(
  nodes: readonly RootContent[],
  start: number,
  url: string,
  context: ReadContext,
): ReadContainerResult {
  const { caption, next } = readCaption(nodes, start, 'endembed', context);
  return {
    block: {
      object: 'block',
      type: 'embed',
      isVoid: true,
      data: caption === undefined ? { url } : { url, caption },
    },
    next,
  };
}

/**
 * The caption of an embed or file: one paragraph of plain text, then the closing tag. Without
 * one, the block is void and `next` is the node after its tag.
 */
function readCaption(
  nodes: readonly RootContent[],
  start: number,
  closing: string,
  context: ReadContext,
): { caption?: string; next: number } {
  const [paragraph, close] = [nodes[start + 1], nodes[start + 2]];
  const captioned =
    paragraph?.type === 'paragraph' &&
    paragraph.children.every((child) => child.type === 'text') &&
    close?.type === 'liquidTag' &&
    tagName(close.value) === closing;
  const [text, ...rest] = captioned ? readInlines(paragraph.children, context) : [];
  // Read text merges into one node; a single unmarked leaf is plain text.
  const leaves = text?.object === 'text' && rest.length === 0 ? text.leaves : [];
  const caption = leaves.length === 1 && leaves[0]?.marks.length === 0 ? leaves[0].text : undefined;
  return caption === undefined ? { next: start + 1 } : { caption, next: start + 3 };
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
      if (!hasAttributes(tag, ['style'], ['icon']) || !isHintStyle(style)) return undefined;
      const nodes = readBlocks(inner, context, nested);
      const { icon } = attributes;
      return {
        object: 'block',
        type: 'hint',
        data: icon === undefined ? { style } : { style, icon },
        nodes,
      };
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
  if (!hasAttributes(tag, [], ['title', 'lineNumbers', 'overflow', 'expandable'])) return undefined;
  const { title, lineNumbers, overflow, expandable } = tag.attributes;
  if (Object.keys(tag.attributes).length === 0) return undefined;
  const isBoolean = (value: string | undefined) =>
    value === undefined || value === 'true' || value === 'false';
  if (!isBoolean(lineNumbers) || !isBoolean(expandable)) return undefined;
  const block = readCode(code);
  const data: NonNullable<CodeBlock['data']> = { ...block.data };
  if (title !== undefined) data.title = title;
  if (lineNumbers !== undefined) data.lineNumbers = lineNumbers === 'true';
  if (overflow !== undefined) data.overflow = overflow;
  if (expandable !== undefined) data.expandable = expandable === 'true';
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
    if (tab?.name !== 'tab' || !hasAttributes(tab, ['title'], ['icon'])) return undefined;
    const end = closingIndex(inner, index);
    if (end === -1) return undefined;
    const nodes = readBlocks(inner.slice(index + 1, end), context, nested, {
      before: open,
      after: inner[end],
    });
    tabs.push({
      object: 'block',
      type: 'tabs-item',
      data:
        tab.attributes.icon === undefined
          ? { title: tab.attributes.title ?? '' }
          : { title: tab.attributes.title ?? '', icon: tab.attributes.icon },
      nodes,
    });
    index = end + 1;
  }
  return { object: 'block', type: 'tabs', nodes: tabs };
}

/** Closing index of every opening tag line and `<details>` in a sibling list, by opener. */
const closersOf = new WeakMap<readonly RootContent[], Map<number, number>>();

/**
 * Index of the node closing `nodes[start]` (`{% end<name> %}` for a tag, `</details>` for
 * `<details>`), honouring nesting; -1 if none. All pairs of a list are matched in one pass the
 * first time it is asked, so reading a list costs the same however many openers it holds.
 */
function closingIndex(nodes: readonly RootContent[], start: number): number {
  let closers = closersOf.get(nodes);
  if (closers === undefined) {
    closers = matchClosers(nodes);
    closersOf.set(nodes, closers);
  }
  return closers.get(start) ?? -1;
}

function matchClosers(nodes: readonly RootContent[]): Map<number, number> {
  const closers = new Map<number, number>();
  const openers = new Map<string, number[]>();
  nodes.forEach((node, index) => {
    const name = pairingName(node);
    if (name === undefined) return;
    if (name.startsWith('end')) {
      const opener = openers.get(name.slice('end'.length))?.pop();
      if (opener !== undefined) closers.set(opener, index);
    } else {
      openers.set(name, [...(openers.get(name) ?? []), index]);
    }
  });
  return closers;
}

/** The name a node pairs by: a tag line's name, or `details` / `enddetails` for the HTML. */
function pairingName(node: RootContent): string | undefined {
  if (node.type === 'liquidTag') return tagName(node.value);
  if (node.type !== 'html') return undefined;
  if (readDetailsOpen(node.value)) return 'details';
  return isDetailsClose(node.value) ? 'enddetails' : undefined;
}

/** The first word of a tag line: `hint style="info"` → `hint`. */
function tagName(value: string): string | undefined {
  return /^\S+/.exec(value)?.[0];
}

function readExpandable(
  nodes: readonly RootContent[],
  start: number,
  context: ReadContext,
  nested: boolean,
  readBlocks: ReadBlocks,
): ReadContainerResult | undefined {
  const details = nodes[start];
  const opened = details?.type === 'html' ? readDetailsOpen(details.value) : undefined;
  if (!opened) return undefined;
  let bodyStart = start + 1;
  let title = opened.title;
  if (title === undefined) {
    const summary = nodes[bodyStart];
    title = summary?.type === 'html' ? readSummary(summary.value) : undefined;
    if (title === undefined) return undefined;
    bodyStart++;
  }
  const end = closingIndex(nodes, start);
  if (end === -1) return undefined;
  const body = readBlocks(nodes.slice(bodyStart, end), context, nested);
  return {
    block: {
      object: 'block',
      type: 'expandable',
      data: opened.open ? { title, open: true } : { title },
      nodes: body,
    },
    next: end + 1,
  };
}
