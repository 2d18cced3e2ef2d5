import type { InlineContent, TableBlock, TableCellBlock } from '@quire/document';
import { isHeading } from '../headings.js';
import type { PdfContext } from './context.js';
import { keepTogether } from './flow.js';
import { colors, fontFor, fonts, sizes, spacing } from './styles.js';
import { type Box, type RunStyle, runsOf, runsText, type TextRun, writeRuns } from './text.js';

const cellPadding = 4;

/**
 * A table: the first row as the header, repeated at the top of each page the table goes on to;
 * columns as wide as their text needs, within the box. Cells keep their marks and links.
 * Hidden columns are left out, as on the site.
 */
export function writeTable(context: PdfContext, table: TableBlock, box: Box): void {
  const { doc } = context;
  const visible = (table.data.columns ?? []).map((column) => column.hidden !== true);
  const shown = (cells: readonly TableCellBlock[]) =>
    cells.filter((_, index) => visible[index] !== false);
  const [header, ...body] = table.nodes.map((row) => shown(row.nodes));
  if (header === undefined || header.length === 0) return;

  const headerRuns = header.map((cell) => cellRuns(context, cell, true));
  const bodyRuns = body.map((row) => row.map((cell) => cellRuns(context, cell, false)));
  const widths = columnWidths([headerRuns, ...bodyRuns], header.length, box.width);

  const writeRow = (row: TextRun[][], isHeader: boolean) => {
    const height = rowHeight(doc, row, widths);
    const top = doc.y;
    let x = box.x;
    widths.forEach((width, index) => {
      if (isHeader) doc.rect(x, top, width, height).fillColor(colors.tableHeader).fill();
      doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(colors.rule).stroke();
      doc.y = top + cellPadding;
      writeRuns(context, row[index] ?? [], { x: x + cellPadding, width: width - cellPadding * 2 });
      x += width;
    });
    doc.x = box.x;
    doc.y = top + height;
  };

  keepTogether(doc, rowHeight(doc, headerRuns, widths) * 2);
  writeRow(headerRuns, true);
  for (const row of bodyRuns) {
    const height = rowHeight(doc, row, widths);
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      writeRow(headerRuns, true);
    }
    writeRow(row, false);
  }
  doc.y += spacing.afterBlock;
}

function cellRuns(context: PdfContext, cell: TableCellBlock, isHeader: boolean): TextRun[] {
  const style: RunStyle = { size: sizes.small, color: colors.text, bold: isHeader };
  const runs: TextRun[] = [];
  const nodes: readonly (InlineContent | TableCellBlock['nodes'][number])[] = cell.nodes;
  for (const node of nodes) {
    if (node.object !== 'block') {
      runs.push(...runsOf([node], style, context));
      continue;
    }
    // Blocks in a cell (a card's title and text, a list) are written as lines of text.
    if (runs.length > 0) runs.push(plainRun('\n', style));
    if (node.type === 'paragraph') {
      runs.push(...runsOf(node.nodes, style, context));
    } else if (isHeading(node)) {
      runs.push(...runsOf(node.nodes, { ...style, bold: true }, context));
    } else {
      node.nodes.forEach((item, index) => {
        if (index > 0) runs.push(plainRun('\n', style));
        runs.push(plainRun('• ', style));
        for (const child of item.nodes) {
          if (child.type === 'paragraph') runs.push(...runsOf(child.nodes, style, context));
        }
      });
    }
  }
  return runs;
}

function plainRun(text: string, style: RunStyle): TextRun {
  return { text, font: fontFor(style), size: style.size, color: style.color };
}

/**
 * Column widths in points: each column's share follows the length of its longest line of text
 * (between 6 and 40 characters, so no column is squeezed to nothing or takes the whole table).
 */
function columnWidths(rows: readonly TextRun[][][], columns: number, total: number): number[] {
  const weights = Array.from({ length: columns }, (_, index) => {
    const longest = Math.max(
      0,
      ...rows.map((row) =>
        Math.max(
          0,
          ...runsText(row[index] ?? [])
            .split('\n')
            .map((line) => line.length),
        ),
      ),
    );
    return Math.min(40, Math.max(6, longest));
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (total * weight) / sum);
}

/** The height of a row: its tallest cell, measured with the cell's first font. */
function rowHeight(doc: PDFKit.PDFDocument, row: readonly TextRun[][], widths: number[]): number {
  let tallest: number = sizes.small;
  widths.forEach((width, index) => {
    const runs = row[index] ?? [];
    const text = runsText(runs);
    if (text === '') return;
    const first = runs[0];
    doc.font(first?.font ?? fonts.regular).fontSize(sizes.small);
    const height = doc.heightOfString(text, {
      width: width - cellPadding * 2,
      lineGap: spacing.lineGap,
    });
    tallest = Math.max(tallest, height);
  });
  return tallest + cellPadding * 2;
}
