import type { Block, ListBlock } from '@quire/document';
import type { PdfContext } from './context.js';
import { keepTogether } from './flow.js';
import { colors, fonts, sizes, spacing } from './styles.js';
import type { Box } from './text.js';

type WriteBlocks = (context: PdfContext, blocks: readonly Block[], box: Box) => void;

/**
 * A list: each item's marker (a bullet, its number, or a checkbox ticked or not) in the margin,
 * its blocks indented beside it. Tight lists keep their items close.
 */
export function writeList(
  context: PdfContext,
  list: ListBlock,
  box: Box,
  writeBlocks: WriteBlocks,
): void {
  const { doc } = context;
  const start = list.data?.start ?? 1;
  const inner: Box = { x: box.x + spacing.listIndent, width: box.width - spacing.listIndent };
  const tight = list.data?.loose !== true;
  list.nodes.forEach((item, index) => {
    keepTogether(doc, sizes.body * 1.4);
    const y = doc.y;
    if (list.type === 'list-tasks') {
      drawCheckbox(doc, box.x + spacing.listIndent - 12, y + 1.5, item.data?.checked === true);
    } else {
      const marker = list.type === 'list-ordered' ? `${start + index}.` : '•';
      doc
        .font(fonts.regular)
        .fontSize(sizes.body)
        .fillColor(colors.text)
        .text(marker, box.x, y, {
          width: spacing.listIndent - 4,
          align: 'right',
          lineBreak: false,
        });
    }
    doc.y = y;
    writeBlocks(context, item.nodes, inner);
    // Items of a tight list are a line apart, not a paragraph.
    if (tight && index < list.nodes.length - 1) doc.y -= spacing.afterBlock - spacing.lineGap;
  });
}

/** A task's checkbox, ticked when done: drawn, the same at every size and in every reader. */
function drawCheckbox(doc: PDFKit.PDFDocument, x: number, y: number, checked: boolean): void {
  const side = sizes.body * 0.75;
  doc.rect(x, y, side, side).lineWidth(0.75).strokeColor(colors.muted).stroke();
  if (!checked) return;
  doc
    .moveTo(x + side * 0.2, y + side * 0.5)
    .lineTo(x + side * 0.42, y + side * 0.75)
    .lineTo(x + side * 0.8, y + side * 0.22)
    .lineWidth(1.2)
    .strokeColor(colors.text)
    .stroke();
}
