import type { CodeBlock } from '@quire/document';
import { codeText } from '../blocks/code.js';
import { type CodeToken, codeLanguage } from '../code.js';
import type { PdfContext } from './context.js';
import { bottomOf, keepTogether } from './flow.js';
import { colors, fontFor, sizes, spacing } from './styles.js';
import { type Box, printable } from './text.js';

// Courier's glyphs are all 0.6 em wide: lines are wrapped and tokens placed by counting.
const charWidth = sizes.code * 0.6;
const lineHeight = sizes.code * 1.35;
const padding = 6;
const textTop = (lineHeight - sizes.code) / 2;

/**
 * A code block on a grey ground, coloured by Shiki as the site colours it, its title above.
 * Long lines wrap at the box's edge; a block longer than the page goes on to the next.
 */
export function writeCode(context: PdfContext, block: CodeBlock, box: Box): void {
  const { doc } = context;
  const title = block.data?.title;
  const tokens = context.highlighter.tokens(codeText(block), codeLanguage(block.data?.syntax));
  const perLine = Math.max(8, Math.floor((box.width - padding * 2) / charWidth));
  const lines = tokens.flatMap((line) => wrapLine(line, perLine));

  keepTogether(doc, lineHeight * Math.min(lines.length, 4) + padding * 2 + (title ? 14 : 0));
  if (title !== undefined && title !== '') {
    doc
      .font(fontFor({ bold: true }))
      .fontSize(sizes.small)
      .fillColor(colors.muted)
      .text(printable(title), box.x, doc.y, { width: box.width });
    doc.y += 2;
  }
  let y = doc.y;
  ground(doc, box, y, padding);
  y += padding;
  for (const line of lines) {
    if (y + lineHeight > bottomOf(doc)) {
      doc.addPage();
      y = doc.y;
    }
    ground(doc, box, y, lineHeight);
    for (const token of line) {
      doc
        .font(fontFor({ mono: true, bold: token.bold, italic: token.italic }))
        .fontSize(sizes.code)
        .fillColor(opaque(token.color ?? colors.codeText))
        .text(token.content, box.x + padding + token.column * charWidth, y + textTop, {
          lineBreak: false,
        });
    }
    y += lineHeight;
  }
  ground(doc, box, y, padding);
  doc.x = box.x;
  doc.y = y + padding + spacing.afterBlock;
}

function ground(doc: PDFKit.PDFDocument, box: Box, y: number, height: number): void {
  doc.rect(box.x, y, box.width, height).fillColor(colors.codeBackground).fill();
}

/** A token placed at a column of its line. */
interface PlacedToken extends CodeToken {
  column: number;
}

/** A line of tokens cut into lines of at most `width` characters; blank tokens are not kept. */
function wrapLine(line: readonly CodeToken[], width: number): PlacedToken[][] {
  const lines: PlacedToken[][] = [[]];
  let column = 0;
  for (const token of line) {
    let content = printable(token.content);
    while (content !== '') {
      if (column === width) {
        lines.push([]);
        column = 0;
      }
      const piece = content.slice(0, width - column);
      content = content.slice(piece.length);
      if (piece.trim() !== '') lines.at(-1)?.push({ ...token, content: piece, column });
      column += piece.length;
    }
  }
  return lines;
}

/** PDF colours have no alpha: `#rrggbbaa` is written as `#rrggbb`. */
function opaque(color: string): string {
  return color.length === 9 ? color.slice(0, 7) : color;
}
