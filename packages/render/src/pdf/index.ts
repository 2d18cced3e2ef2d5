export type { PdfBook, PdfBookPage, PdfImage, PdfWriteOptions } from './book.js';
export { pdfImageSources } from './prepare.js';
export { writePdf } from './write-pdf.js';
