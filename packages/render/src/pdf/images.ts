import type { ImageData, ImagesBlock } from '@quire/document';
import type { PdfContext } from './context.js';
import { bottomOf, keepTogether } from './flow.js';
import { colors, fontFor, sizes, spacing } from './styles.js';
import { type Box, printable } from './text.js';

// CSS pixels are 0.75 pt; an image is never taller than this share of a page's text area.
const pointsPerPixel = 0.75;
const maxPageShare = 0.8;

/** The images of an `images` block, one below the other. */
export function writeImages(context: PdfContext, block: ImagesBlock, box: Box): void {
  for (const image of block.nodes) writeImage(context, image.data, box);
}

/**
 * An image at its size (or its figure's width), scaled down to fit the box and most of a page,
 * aligned as written, with its caption below. An image the PDF does not have is stood in for by
 * its caption or alt text.
 */
export function writeImage(context: PdfContext, data: ImageData, box: Box): void {
  const { doc } = context;
  const opened = context.image(data.src);
  const caption = data.caption !== undefined && data.caption !== '' ? data.caption : undefined;
  if (opened === undefined) {
    const stand = caption ?? data.alt;
    if (stand === undefined || stand.trim() === '') return;
    writeCaption(doc, `[${stand}]`, box, 'left');
    doc.y += spacing.afterBlock;
    return;
  }
  const textArea = bottomOf(doc) - doc.page.margins.top;
  let width = Math.min(box.width, widthOf(data, box) ?? opened.width * pointsPerPixel);
  let height = (opened.height / opened.width) * width;
  if (height > textArea * maxPageShare) {
    height = textArea * maxPageShare;
    width = (opened.width / opened.height) * height;
  }
  keepTogether(doc, height + (caption === undefined ? 0 : sizes.small * 2));
  const x =
    data.align === 'left'
      ? box.x
      : data.align === 'right'
        ? box.x + box.width - width
        : box.x + (box.width - width) / 2;
  const top = doc.y;
  doc.image(opened.image, x, top, { width, height });
  doc.x = box.x;
  doc.y = top + height + 3;
  if (caption !== undefined) writeCaption(doc, caption, box, 'center');
  doc.y += spacing.afterBlock;
}

/** A figure's width as written: pixels (`300`) or a share of the box (`50%`). */
function widthOf(data: ImageData, box: Box): number | undefined {
  const written = data.width?.trim();
  if (written === undefined) return undefined;
  if (/^\d+(\.\d+)?%$/.test(written)) return (box.width * Number.parseFloat(written)) / 100;
  if (/^\d+(\.\d+)?(px)?$/.test(written)) return Number.parseFloat(written) * pointsPerPixel;
  return undefined;
}

function writeCaption(
  doc: PDFKit.PDFDocument,
  caption: string,
  box: Box,
  align: 'left' | 'center',
): void {
  doc
    .font(fontFor({ italic: true }))
    .fontSize(sizes.small)
    .fillColor(colors.muted)
    .text(printable(caption), box.x, doc.y, { width: box.width, align });
}
