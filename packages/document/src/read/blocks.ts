import type { Html, List, Paragraph, RootContent, Table } from 'mdast';
import { readFigures, readPicture } from '../html/figures.js';
import { readHtmlTable } from '../html/table.js';
import type {
  Block,
  ImageBlock,
  ImageData,
  ListBlock,
  ListItemBlock,
  TableAlign,
  TableBlock,
} from '../types.js';
import { readCode } from './code.js';
import { readContainer } from './containers.js';
import { htmlKind, type ReadContext, verbatimMarkdown, warn } from './context.js';
import { readHeading } from './heading.js';
import { readImageData, readInlines, resolveImage } from './inlines.js';
import { hasLazyHtml, joinLazyHtml } from './lazy-html.js';
import { splitTagLinesOutOfHtml } from './split-tag-lines.js';

/** The tag lines around the content of a container item, whose blank lines count as content. */
export interface BlockBounds {
  before?: RootContent;
  after?: RootContent;
}

/**
 * Reads a sequence of mdast flow nodes (the children of the root, a list item, a quote…) into
 * blocks. GitBook containers written as sibling tag lines are grouped first.
 */
export function readBlocks(
  source: readonly RootContent[],
  context: ReadContext,
  nested: boolean,
  bounds?: BlockBounds,
): Block[] {
  const blocks = readBlockSequence(source, context, nested);
  if (nested || !bounds || source.length === 0) return blocks;
  // Blank lines beyond one after an item's opening tag or before its closing tag are GitBook's
  // empty paragraphs too.
  return [
    ...emptyParagraphs(extraBlankLines(bounds.before, source[0])),
    ...blocks,
    ...emptyParagraphs(extraBlankLines(source.at(-1), bounds.after)),
  ];
}

function readBlockSequence(
  source: readonly RootContent[],
  context: ReadContext,
  nested: boolean,
): Block[] {
  // In lists and quotes a split would change how tight the item is; GitBook's cases are outside.
  const nodes = nested ? joinLazyHtml(source) : splitTagLinesOutOfHtml(source);
  const blocks: Block[] = [];
  let index = 0;
  while (index < nodes.length) {
    if (!nested && index > 0)
      blocks.push(...emptyParagraphs(extraBlankLines(nodes[index - 1], nodes[index])));
    const container = readContainer(nodes, index, context, nested, readBlocks);
    if (container) {
      blocks.push(container.block);
      index = container.next;
      continue;
    }
    const node = nodes[index];
    if (node) blocks.push(readBlock(node, context, nested));
    index++;
  }
  return blocks;
}

/** Blank lines between two sibling nodes beyond the one that separates blocks. */
function extraBlankLines(before: RootContent | undefined, after: RootContent | undefined): number {
  const end = before?.position?.end.line;
  const start = after?.position?.start.line;
  if (end === undefined || start === undefined) return 0;
  // Blank lines do not end a list: written back, the next list would continue this one.
  if (before?.type === 'list' && after?.type === 'list') return 0;
  return Math.max(0, start - end - 2);
}

/**
 * GitBook writes an empty paragraph as one more blank line, so blank lines beyond the one that
 * separates blocks (outside lists and quotes, where they decide looseness) are read as empty
 * paragraphs; the writer gives each back its line.
 */
export function emptyParagraphs(count: number): Block[] {
  return Array.from(
    { length: count },
    (): Block => ({ object: 'block', type: 'paragraph', nodes: [] }),
  );
}

/** Reads one mdast flow node into a block. */
function readBlock(node: RootContent, context: ReadContext, nested: boolean): Block {
  switch (node.type) {
    case 'paragraph':
      return readParagraph(node, context);
    case 'heading':
      return readHeading(node, context);
    case 'thematicBreak':
      return { object: 'block', type: 'divider', isVoid: true };
    case 'blockquote':
      return {
        object: 'block',
        type: 'blockquote',
        nodes: readBlocks(node.children, context, true),
      };
    case 'list':
      return readList(node, context);
    case 'code':
      return readCode(node);
    case 'math':
      if (node.meta) break;
      return { object: 'block', type: 'math', isVoid: true, data: { formula: node.value } };
    case 'table':
      return readTable(node, context);
    case 'html': {
      // Up to three spaces may indent an HTML block; written unindented it reads the same, and
      // written indented after a list it would join the list.
      const markdown = node.value.trimStart();
      const figures = readFigures(markdown);
      if (figures) return createImages(figures);
      const table = readHtmlTable(markdown);
      if (table) return table;
      warn(context, htmlKind(node.value), 'HTML block kept verbatim', node);
      return { object: 'block', type: 'raw', isVoid: true, data: { markdown } };
    }
    case 'definition':
      warn(context, 'definition', 'Link reference definition kept verbatim', node);
      break;
    case 'footnoteDefinition':
      warn(context, 'footnote', 'Footnote definition kept verbatim', node);
      break;
    case 'liquidTag':
      warn(context, 'tag', `Tag {% ${node.value} %} kept verbatim`, node);
      break;
    case 'yaml':
      // GitBook's page metadata (description, icon, layout): kept as written, first in the
      // document, and expected on most pages, so not worth a warning.
      break;
    default:
      warn(context, 'other', `${node.type} kept verbatim`, node);
  }
  const markdown = verbatimMarkdown(context, node, nested);
  return { object: 'block', type: 'raw', isVoid: true, data: { markdown } };
}

function readParagraph(node: Paragraph, context: ReadContext): Block {
  const picture = readPictureParagraph(node);
  if (picture) return createImages([picture]);
  const images: ImageData[] = [];
  for (const child of node.children) {
    const image =
      child.type === 'image' || child.type === 'imageReference'
        ? resolveImage(child, context)
        : undefined;
    if (image) images.push(readImageData(image));
    else if (child.type !== 'text' || child.value.trim() !== '') {
      return { object: 'block', type: 'paragraph', nodes: readInlines(node.children, context) };
    }
  }
  return createImages(images);
}

/** A paragraph of only a dark-mode `<picture>`: how GitBook writes such a block image alone. */
function readPictureParagraph(node: Paragraph): ImageData | undefined {
  const { children } = node;
  if (!children.every((child): child is Html => child.type === 'html')) return undefined;
  return readPicture(children.map((child) => child.value).join(''));
}

function createImages(images: readonly ImageData[]): Block {
  const nodes = images.map(
    (data): ImageBlock => ({ object: 'block', type: 'image', isVoid: true, data }),
  );
  return { object: 'block', type: 'images', nodes };
}

function readList(node: List, context: ReadContext): ListBlock {
  const isTasks = !node.ordered && node.children.every((item) => typeof item.checked === 'boolean');
  const type = node.ordered ? 'list-ordered' : isTasks ? 'list-tasks' : 'list-unordered';
  const data: NonNullable<ListBlock['data']> = {};
  if (node.ordered && typeof node.start === 'number' && node.start !== 1) data.start = node.start;
  if (isLoose(node)) data.loose = true;
  const nodes = node.children.map((item): ListItemBlock => {
    const block: ListItemBlock = {
      object: 'block',
      type: 'list-item',
      nodes: readBlocks(item.children, context, true),
    };
    if (typeof item.checked === 'boolean') block.data = { checked: item.checked };
    return block;
  });
  return Object.keys(data).length > 0
    ? { object: 'block', type, data, nodes }
    : { object: 'block', type, nodes };
}

function readTable(node: Table, context: ReadContext): TableBlock {
  const align = (node.align ?? []).map((value): TableAlign => value ?? null);
  return {
    object: 'block',
    type: 'table',
    data: { align },
    nodes: node.children.map((row) => ({
      object: 'block',
      type: 'table-row',
      nodes: row.children.map((cell) => ({
        object: 'block',
        type: 'table-cell',
        nodes: readInlines(cell.children, context, true),
      })),
    })),
  };
}

/**
 * CommonMark's rule: a list is loose when a blank line separates two of its items, or two blocks
 * directly inside one item (or will once written: see `hasLazyHtml`). Computed from source lines
 * because mdast's `spread` also counts a blank line that ends the list inside a block quote.
 */
function isLoose(list: List): boolean {
  const gapBetween = (nodes: readonly RootContent[]): boolean =>
    nodes.some((node, index) => {
      const next = nodes[index + 1];
      const end = node.position?.end.line;
      const start = next?.position?.start.line;
      return end !== undefined && start !== undefined && start > end + 1;
    });
  return (
    gapBetween(list.children) ||
    list.children.some((item) => gapBetween(item.children) || hasLazyHtml(item.children))
  );
}
