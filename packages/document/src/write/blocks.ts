import type { BlockContent, List, ListItem, PhrasingContent, Table } from 'mdast';
import { writeDetailsOpen, writeSummary } from '../html/details.js';
import { isPictureOnly, writeFigures, writePicture } from '../html/figures.js';
import { headingAnchorTags } from '../html/mark-tags.js';
import { needsHtmlTable, writeHtmlTable } from '../html/table.js';
import { formatTag } from '../liquid-tag/attributes.js';
import type { LiquidTag } from '../liquid-tag/mdast.js';
import { headingLevel } from '../model/headings.js';
import { createText } from '../model/marks.js';
import { hasInlineCells, type InlineTableBlock } from '../model/table-cells.js';
import type { Block, CodeBlock, ImagesBlock, ListBlock, ListItemBlock } from '../types.js';
import { writeInlines } from './inlines.js';

/** Writes blocks as mdast flow content. GitBook containers become sibling tag lines. */
export function writeBlocks(blocks: readonly Block[]): BlockContent[] {
  return blocks.flatMap(writeBlock);
}

function tag(name: string, attributes?: Record<string, string | undefined>): LiquidTag {
  return { type: 'liquidTag', value: formatTag(name, attributes) };
}

/** A tag pair around content: blocks, or items that are tag pairs themselves. */
function container(
  name: string,
  attributes: Record<string, string> | undefined,
  content: readonly (BlockContent | BlockContent[])[],
): BlockContent[] {
  return [tag(name, attributes), ...content.flat(), tag(`end${name}`)];
}

function html(value: string): BlockContent {
  return { type: 'html', value };
}

function writeBlock(block: Block): BlockContent[] {
  switch (block.type) {
    case 'paragraph':
      return [{ type: 'paragraph', children: writeInlines(block.nodes) }];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const children = writeInlines(block.nodes);
      if (block.data?.anchor !== undefined) {
        const [open, close] = headingAnchorTags(block.data.anchor);
        children.push(
          { type: 'text', value: ' ' },
          { type: 'html', value: open },
          { type: 'html', value: close },
        );
      }
      return [{ type: 'heading', depth: headingLevel(block), children }];
    }
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return [writeList(block)];
    case 'list-item':
      return writeBlocks(block.nodes);
    case 'blockquote':
      return [{ type: 'blockquote', children: writeBlocks(block.nodes) }];
    case 'code':
      return writeCode(block);
    case 'code-line':
      return [];
    case 'hint':
      return [
        tag('hint', { style: block.data.style, icon: block.data.icon }),
        ...writeBlocks(block.nodes),
        tag('endhint'),
      ];
    case 'table':
      // Cells of blocks always need HTML; the second test tells the compiler so.
      return [
        needsHtmlTable(block) || !hasInlineCells(block)
          ? html(writeHtmlTable(block))
          : writeTable(block),
      ];
    case 'table-row':
    case 'table-cell':
      return [];
    case 'images':
      return writeImages(block);
    case 'image':
      return writeImages({ object: 'block', type: 'images', nodes: [block] });
    case 'divider':
      return [{ type: 'thematicBreak' }];
    case 'math':
      return [{ type: 'math', value: block.data.formula, meta: null }];
    case 'tabs':
      return [
        tag('tabs'),
        ...block.nodes.flatMap((item) => [
          tag('tab', { title: item.data.title, icon: item.data.icon }),
          ...writeBlocks(item.nodes),
          tag('endtab'),
        ]),
        tag('endtabs'),
      ];
    case 'tabs-item':
      return writeBlocks(block.nodes);
    case 'expandable':
      return [
        html(writeDetailsOpen(block.data.open === true)),
        html(writeSummary(block.data.title)),
        ...writeBlocks(block.nodes),
        html('</details>'),
      ];
    case 'embed': {
      const { url, caption } = block.data;
      if (caption === undefined) return [tag('embed', { url })];
      return [
        { ...tag('embed', { url }), opensContainer: true },
        { type: 'paragraph', children: writeInlines([createText(caption)]) },
        tag('endembed'),
      ];
    }
    case 'file': {
      const { src, caption } = block.data;
      if (caption === undefined) return [tag('file', { src })];
      return [
        { ...tag('file', { src }), opensContainer: true },
        { type: 'paragraph', children: writeInlines([createText(caption)]) },
        tag('endfile'),
      ];
    }
    case 'content-ref':
      return [
        tag('content-ref', { url: block.data.url }),
        ...writeBlocks(block.nodes),
        tag('endcontent-ref'),
      ];
    case 'stepper':
      return container(
        'stepper',
        undefined,
        block.nodes.map((step) => container('step', undefined, writeBlocks(step.nodes))),
      );
    case 'columns':
      return container(
        'columns',
        undefined,
        block.nodes.map((column) => container('column', column.data, writeBlocks(column.nodes))),
      );
    case 'updates':
      return container(
        'updates',
        block.data,
        block.nodes.map((update) => container('update', update.data, writeBlocks(update.nodes))),
      );
    case 'stepper-step':
    case 'column':
    case 'update':
      return writeBlocks(block.nodes);
    case 'prompt':
      return container('prompt', block.data, writeBlocks(block.nodes));
    case 'openapi':
      return container(block.data.tag, block.data.attributes, writeBlocks(block.nodes));
    case 'page-ref':
      return [tag('page-ref', { page: block.data.page })];
    case 'conditional':
      return [
        { type: 'liquidTag', value: `if ${block.data.condition}` },
        ...writeBlocks(block.nodes),
        tag('endif'),
      ];
    case 'reusable-content':
      return [{ type: 'liquidTag', value: `include "${block.data.ref.reusableContent}"` }];
    case 'raw':
      return [writeRaw(block.data.markdown)];
  }
}

/**
 * HTML goes out as HTML, so the writer keeps the blank line HTML blocks need after them; a tag
 * line GitBook would write the same way goes out as a tag, so it hugs its content like known
 * containers do.
 */
function writeRaw(markdown: string): BlockContent {
  if (markdown.startsWith('<')) return html(markdown);
  const inner = /^\{% (\S(?:[^\n]*\S)?) %\}$/.exec(markdown)?.[1];
  if (inner !== undefined && !inner.includes('%}')) return { type: 'liquidTag', value: inner };
  return { type: 'verbatim', value: markdown };
}

/**
 * Writes a list as GitBook does. Items follow each other without blank lines; an item whose
 * blocks are set apart by blank lines (anything but a paragraph and its sub-list) is written
 * with a wider marker (`*   `, `1.  `) and its blocks apart, which also makes the list loose. A
 * loose list without such an item sets its items apart instead.
 */
function writeList(block: ListBlock): List {
  const loose = block.data?.loose === true;
  const spreadItems = loose ? block.nodes.map(isSpreadItem) : block.nodes.map(() => false);
  const itemsApart = loose && !spreadItems.includes(true) && block.nodes.length > 1;
  if (loose && !itemsApart && !spreadItems.includes(true)) spreadItems.fill(true);
  const children = block.nodes.map((item, index): ListItem => {
    const checked =
      block.type === 'list-tasks' ? (item.data?.checked ?? false) : (item.data?.checked ?? null);
    const spread = spreadItems[index] === true;
    return { type: 'listItem', spread, checked, children: writeBlocks(item.nodes) };
  });
  return {
    type: 'list',
    ordered: block.type === 'list-ordered',
    start: block.type === 'list-ordered' ? (block.data?.start ?? 1) : null,
    spread: false,
    data: { itemsApart },
    children,
  };
}

/** Whether an item of a loose list has its blocks set apart: more than a paragraph and its sub-list. */
function isSpreadItem(item: ListItemBlock): boolean {
  const [first, second, ...rest] = item.nodes;
  if (!second) return false;
  const isList =
    second.type === 'list-ordered' ||
    second.type === 'list-unordered' ||
    second.type === 'list-tasks';
  return !(first?.type === 'paragraph' && isList && rest.length === 0);
}

function writeCode(block: CodeBlock): BlockContent[] {
  const value = block.nodes
    .map((line) => line.nodes[0].leaves.map((leaf) => leaf.text).join(''))
    .join('\n');
  const { syntax, meta, title, lineNumbers, overflow, expandable } = block.data ?? {};
  const code: BlockContent = { type: 'code', lang: syntax ?? null, meta: meta ?? null, value };
  // In the order GitBook writes them.
  const attributes = {
    title,
    overflow,
    lineNumbers: lineNumbers === undefined ? undefined : String(lineNumbers),
    expandable: expandable === undefined ? undefined : String(expandable),
  };
  if (Object.values(attributes).every((value) => value === undefined)) return [code];
  return [tag('code', attributes), code, tag('endcode')];
}

function writeTable(block: InlineTableBlock): Table {
  return {
    type: 'table',
    align: block.data.align,
    children: block.nodes.map((row) => ({
      type: 'tableRow',
      children: row.nodes.map((cell) => ({
        type: 'tableCell',
        children: writeInlines(cell.nodes),
      })),
    })),
  };
}

function writeImages(block: ImagesBlock): BlockContent[] {
  const images = block.nodes.map((image) => image.data);
  const [only] = images;
  if (only && images.length === 1 && isPictureOnly(only)) {
    return [{ type: 'paragraph', children: [{ type: 'html', value: writePicture(only) }] }];
  }
  const figures = images.some(
    (image) =>
      image.caption !== undefined ||
      image.width !== undefined ||
      image.frame !== undefined ||
      image.fullWidth !== undefined ||
      image.srcDark !== undefined ||
      image.align !== undefined,
  );
  if (figures) return [html(writeFigures(images))];
  const children: PhrasingContent[] = [];
  for (const image of images) {
    if (children.length > 0) children.push({ type: 'text', value: ' ' });
    children.push({
      type: 'image',
      url: image.src,
      alt: image.alt ?? '',
      title: image.title ?? null,
    });
  }
  return children.length > 0 ? [{ type: 'paragraph', children }] : [];
}
