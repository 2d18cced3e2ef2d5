import type { Block, HeadingBlock, InlineContent } from '@quire/document';
import { headingDepth } from '../headings.js';
import { writeCode } from './code-blocks.js';
import type { PdfContext } from './context.js';
import { drawAlong, keepTogether, placeOf } from './flow.js';
import { writeImage, writeImages } from './images.js';
import { writeList } from './lists.js';
import { colors, hintColors, sizes, spacing } from './styles.js';
import { writeTable } from './tables.js';
import { type Box, printable, type RunStyle, runsOf, writeRuns } from './text.js';

/** The style of running text. */
const bodyStyle: RunStyle = { size: sizes.body, color: colors.text };

/**
 * Writes blocks one below the other in `box`, each followed by its space. Blocks a PDF cannot
 * show (reusable content not resolved, raw HTML) are left out.
 */
export function writeBlocks(context: PdfContext, blocks: readonly Block[], box: Box): void {
  for (const block of blocks) writeBlock(context, block, box);
}

function writeBlock(context: PdfContext, block: Block, box: Box): void {
  const { doc } = context;
  switch (block.type) {
    case 'paragraph':
      writeParagraph(context, block.nodes, box, bodyStyle);
      return;
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      writeHeading(context, block, box);
      return;
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      writeList(context, block, box, writeBlocks);
      return;
    case 'code':
      writeCode(context, block, box);
      return;
    case 'table':
      writeTable(context, block, box);
      return;
    case 'images':
      writeImages(context, block, box);
      return;
    case 'image':
      writeImage(context, block.data, box);
      return;
    case 'blockquote':
      writeBoxed(context, box, colors.quote, (inner) => writeBlocks(context, block.nodes, inner));
      return;
    case 'hint':
      writeBoxed(context, box, hintColors[block.data.style] ?? colors.quote, (inner) =>
        writeBlocks(context, block.nodes, inner),
      );
      return;
    case 'content-ref':
    case 'prompt':
      writeBoxed(context, box, colors.rule, (inner) => writeBlocks(context, block.nodes, inner));
      return;
    case 'page-ref': {
      const link: InlineContent = {
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'page', page: block.data.page } },
        nodes: [plainText(context.pageTitle(block.data.page) ?? block.data.page)],
      };
      writeBoxed(context, box, colors.rule, (inner) =>
        writeParagraph(context, [link], inner, bodyStyle),
      );
      return;
    }
    case 'divider': {
      keepTogether(doc, spacing.afterBlock * 2);
      const y = doc.y + spacing.afterBlock / 2;
      doc
        .moveTo(box.x, y)
        .lineTo(box.x + box.width, y)
        .lineWidth(0.75)
        .strokeColor(colors.rule)
        .stroke();
      doc.y = y + spacing.afterBlock;
      return;
    }
    case 'math':
      writeParagraph(context, [plainText(block.data.formula)], box, { ...bodyStyle, mono: true });
      return;
    case 'tabs':
      for (const tab of block.nodes) {
        writeLabel(context, tab.data.title, box);
        writeBlocks(context, tab.nodes, box);
      }
      return;
    case 'expandable':
      writeLabel(context, block.data.title, box);
      writeBlocks(context, block.nodes, box);
      return;
    case 'stepper':
      writeList(
        context,
        {
          object: 'block',
          type: 'list-ordered',
          nodes: block.nodes.map((step) => ({
            object: 'block',
            type: 'list-item',
            nodes: step.nodes,
          })),
        },
        box,
        writeBlocks,
      );
      return;
    case 'updates':
      for (const update of block.nodes) {
        writeLabel(context, update.data?.date ?? '', box);
        writeBlocks(context, update.nodes, box);
      }
      return;
    case 'embed':
      writeParagraph(
        context,
        [
          {
            object: 'inline',
            type: 'link',
            data: { ref: { kind: 'url', url: block.data.url } },
            nodes: [plainText(block.data.caption ?? block.data.url)],
          },
        ],
        box,
        bodyStyle,
      );
      return;
    case 'file':
      writeParagraph(context, [plainText(block.data.caption ?? fileName(block.data.src))], box, {
        ...bodyStyle,
        italic: true,
        color: colors.muted,
      });
      return;
    case 'openapi': {
      const { method, path } = block.data.attributes;
      const operation = [method?.toUpperCase(), path].filter(Boolean).join(' ');
      writeLabel(context, `OpenAPI operation ${operation}`.trim(), box);
      writeBlocks(context, block.nodes, box);
      return;
    }
    case 'list-item':
    case 'tabs-item':
    case 'stepper-step':
    case 'column':
    case 'update':
    case 'conditional':
    case 'columns':
      writeBlocks(context, block.nodes, box);
      return;
    case 'table-row':
    case 'table-cell':
    case 'code-line':
    case 'reusable-content':
    case 'raw':
      return;
  }
}

/** A paragraph of running text, followed by a block's space. */
export function writeParagraph(
  context: PdfContext,
  nodes: readonly InlineContent[],
  box: Box,
  style: RunStyle,
): void {
  const runs = runsOf(nodes, style, context);
  if (runs.every((run) => run.text.trim() === '')) return;
  keepTogether(context.doc, style.size * 1.4);
  writeRuns(context, runs, box);
  context.doc.y += spacing.afterBlock;
}

function writeHeading(context: PdfContext, heading: HeadingBlock, box: Box): void {
  const { doc } = context;
  const size = sizes.heading[headingDepth(heading) - 1] ?? sizes.body;
  // A heading stays with the first lines under it.
  keepTogether(doc, size * 1.4 + sizes.body * 3);
  doc.y += size * 0.4;
  doc.addNamedDestination(context.headingDestination(heading), 'XYZ', null, doc.y, null);
  writeRuns(context, runsOf(heading.nodes, { size, color: colors.text, bold: true }, context), box);
  doc.y += spacing.afterBlock * 0.6;
}

/** A bold line naming what follows (a tab, an expandable's title, an update's date). */
function writeLabel(context: PdfContext, label: string, box: Box): void {
  if (label.trim() === '') return;
  keepTogether(context.doc, sizes.body * 4);
  writeRuns(context, runsOf([plainText(label)], { ...bodyStyle, bold: true }, context), box);
  context.doc.y += spacing.afterBlock / 2;
}

/**
 * Content in a box marked by a coloured bar on its left: quotes, hints, cards. The bar is drawn
 * once the content is written, along every page it took.
 */
function writeBoxed(
  context: PdfContext,
  box: Box,
  color: string,
  write: (inner: Box) => void,
): void {
  const { doc } = context;
  keepTogether(doc, sizes.body * 3);
  const from = placeOf(doc);
  // Text sits at the top of its line box: a little more room above it than below.
  doc.y += spacing.boxPadding * 0.75;
  write({ x: box.x + spacing.boxPadding + 3, width: box.width - spacing.boxPadding - 3 });
  // The last block's own space is the box's padding at the bottom.
  doc.y -= spacing.afterBlock - spacing.boxPadding / 2;
  drawAlong(doc, from, placeOf(doc), (top, bottom) => {
    doc
      .rect(box.x, top, box.width, bottom - top)
      .lineWidth(0.5)
      .strokeColor(colors.rule)
      .stroke();
    doc
      .rect(box.x, top, 3, bottom - top)
      .fillColor(color)
      .fill();
  });
  doc.y += spacing.afterBlock;
}

function plainText(text: string): InlineContent {
  return { object: 'text', leaves: [{ object: 'leaf', text: printable(text), marks: [] }] };
}

function fileName(source: string): string {
  return source.split('/').at(-1) ?? source;
}
