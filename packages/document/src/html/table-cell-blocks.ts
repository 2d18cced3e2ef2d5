import type { Element, ElementContent } from 'hast';
import { type HeadingDepth, headingBlock, headingLevel } from '../model/headings.js';
import { isCellBlocks } from '../model/table-cells.js';
import type {
  Block,
  InlineContent,
  ListBlock,
  ListItemBlock,
  TableCellBlock,
  TableCellContent,
} from '../types.js';
import { element } from './hast.js';
import { readHtmlInlines, writeHtmlInlines } from './inlines.js';

/**
 * The content of a cell of GitBook's HTML tables: running text, or the blocks GitBook writes in
 * cards and longer cells — headings (`<h4>Title</h4>`, a card's title), paragraphs (`<p>`) and
 * lists (`<ul>`/`<ol>` of `<li>`), each without attributes. A cell holds blocks only when all
 * its children are blocks; text between them leaves the table `raw`.
 */

const HEADING_DEPTHS: Readonly<Record<string, HeadingDepth>> = {
  h1: 1,
  h2: 2,
  h3: 3,
  h4: 4,
  h5: 5,
  h6: 6,
};

const BLOCK_TAGS = new Set(['p', 'ul', 'ol', ...Object.keys(HEADING_DEPTHS)]);

/**
 * Reads a cell's children as blocks or running text; `undefined` when they hold anything a
 * cell does not.
 */
export function readHtmlCell(
  children: readonly ElementContent[],
): TableCellBlock['nodes'] | undefined {
  const isBlocks = children.length > 0 && children.every(isBlockElement);
  return isBlocks ? readBlocks(children) : readHtmlInlines(children);
}

/** Writes a cell's content as GitBook does. */
export function writeHtmlCell(nodes: TableCellBlock['nodes']): ElementContent[] {
  return isCellBlocks(nodes) ? nodes.map(writeBlock) : writeHtmlInlines(nodes);
}

function isBlockElement(node: ElementContent): node is Element {
  return node.type === 'element' && BLOCK_TAGS.has(node.tagName);
}

function readBlocks(children: readonly ElementContent[]): TableCellContent[] | undefined {
  const blocks: TableCellContent[] = [];
  for (const child of children) {
    const block = child.type === 'element' ? readBlock(child) : undefined;
    if (!block) return undefined;
    blocks.push(block);
  }
  return blocks;
}

function readBlock(node: Element): TableCellContent | undefined {
  if (node.tagName === 'ul' || node.tagName === 'ol') return readList(node);
  if (Object.keys(node.properties).length > 0) return undefined;
  const nodes = readHtmlInlines(node.children);
  if (!nodes) return undefined;
  if (node.tagName === 'p') return { object: 'block', type: 'paragraph', nodes };
  const depth = HEADING_DEPTHS[node.tagName];
  return depth === undefined ? undefined : headingBlock(depth, nodes);
}

/** A list of `<li>` without attributes; `<ol start>` when it does not start at 1. */
function readList(node: Element): ListBlock | undefined {
  const { start, ...rest } = node.properties;
  const ordered = node.tagName === 'ol';
  if (Object.keys(rest).length > 0 || (start !== undefined && !ordered)) return undefined;
  if (start !== undefined && (typeof start !== 'number' || !Number.isInteger(start))) {
    return undefined;
  }
  const nodes: ListItemBlock[] = [];
  for (const item of node.children) {
    if (item.type !== 'element' || item.tagName !== 'li') return undefined;
    if (Object.keys(item.properties).length > 0) return undefined;
    const content = readHtmlCell(item.children);
    if (!content) return undefined;
    nodes.push({ object: 'block', type: 'list-item', nodes: itemBlocks(content) });
  }
  const type = ordered ? 'list-ordered' : 'list-unordered';
  return start === undefined || start === 1
    ? { object: 'block', type, nodes }
    : { object: 'block', type, data: { start }, nodes };
}

/** An item's blocks: running text is one paragraph, as a tight Markdown list item holds it. */
function itemBlocks(content: InlineContent[] | TableCellContent[]): Block[] {
  return isCellBlocks(content) ? content : [{ object: 'block', type: 'paragraph', nodes: content }];
}

function writeBlock(block: TableCellContent): Element {
  switch (block.type) {
    case 'paragraph':
      return element('p', {}, writeHtmlInlines(block.nodes));
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return element(`h${headingLevel(block)}`, {}, writeHtmlInlines(block.nodes));
    case 'list-ordered': {
      const start = block.data?.start;
      return element('ol', start === undefined ? {} : { start }, block.nodes.map(writeItem));
    }
    case 'list-unordered':
    case 'list-tasks':
      return element('ul', {}, block.nodes.map(writeItem));
  }
}

/** An item of one paragraph is written as its text; other items as their blocks. */
function writeItem(item: ListItemBlock): Element {
  const [first, ...rest] = item.nodes;
  if (first?.type === 'paragraph' && rest.length === 0) {
    return element('li', {}, writeHtmlInlines(first.nodes));
  }
  return element('li', {}, item.nodes.filter(isCellContent).map(writeBlock));
}

function isCellContent(block: Block): block is TableCellContent {
  switch (block.type) {
    case 'paragraph':
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return true;
    default:
      return false;
  }
}
