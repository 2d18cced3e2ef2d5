/**
 * Where the writing is on the page, and how blocks keep to the pages: a block that does not fit
 * what is left of a page starts on the next one.
 */

/** A place in the PDF: which page (from 0) and how far down it. */
export interface Place {
  page: number;
  y: number;
}

/** The lowest `y` text may reach on a page. */
export function bottomOf(doc: PDFKit.PDFDocument): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** The page being written (the last one: earlier pages are only visited to draw boxes). */
export function currentPage(doc: PDFKit.PDFDocument): number {
  const { start, count } = doc.bufferedPageRange();
  return start + count - 1;
}

/** Where the writing is now. */
export function placeOf(doc: PDFKit.PDFDocument): Place {
  return { page: currentPage(doc), y: doc.y };
}

/**
 * Starts a new page unless `height` points fit below the writing; blocks call it before they
 * write what must not be split (a heading with its first line, a row, an image).
 */
export function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  const top = doc.page.margins.top;
  // A block taller than a page is split anyway; starting it on a new page would not help.
  if (doc.y + height > bottomOf(doc) && doc.y > top) doc.addPage();
}

/**
 * Draws beside written content, from `from` to `to`, on every page between: the bar of a quote
 * or a hint drawn once its content is written, however many pages that took.
 */
export function drawAlong(
  doc: PDFKit.PDFDocument,
  from: Place,
  to: Place,
  draw: (top: number, bottom: number) => void,
): void {
  const { x, y } = doc;
  for (let page = from.page; page <= to.page; page++) {
    doc.switchToPage(page);
    const top = page === from.page ? from.y : doc.page.margins.top;
    const bottom = page === to.page ? to.y : bottomOf(doc);
    if (bottom > top) draw(top, bottom);
  }
  doc.x = x;
  doc.y = y;
}
