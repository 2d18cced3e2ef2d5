import type { HeadingBlock, LinkRef } from '@quire/document';
import type { CodeHighlighter } from '../code.js';
import './pdfkit-types.js';

/** Where a link goes in the PDF: a URI, or a named destination inside it. */
export type LinkTarget = { link: string } | { goTo: string };

/** An image opened for the PDF, with its size in pixels. */
export interface OpenedImage {
  image: PDFKit.Mixins.OpenedPdfImage;
  width: number;
  height: number;
}

/** What the writers of one page's blocks share. */
export interface PdfContext {
  doc: PDFKit.PDFDocument;
  /** Where a link of the page being written goes; `undefined`: nowhere (its text stays). */
  linkTarget(ref: LinkRef): LinkTarget | undefined;
  /** The title of a page of the book, by the page a reference points to. */
  pageTitle(reference: string): string | undefined;
  /** The image a source names, opened; `undefined` when it is not in the PDF. */
  image(source: string): OpenedImage | undefined;
  highlighter: CodeHighlighter;
  /** The destination name of a heading of the page being written. */
  headingDestination(heading: HeadingBlock): string;
  /** The value an expression of the page being written shows (a variable's); `undefined`: none. */
  expressionValue(expression: string): string | undefined;
}

/**
 * The name of the destination at the top of a page of the book, which outline entries and
 * links to the page jump to.
 * @example pageDestination('Xy1…'); // 'page:Xy1…'
 */
export function pageDestination(pageId: string): string {
  return `page:${pageId}`;
}

/**
 * The name of the destination of a heading of a page, by the heading's anchor.
 * @example anchorDestination('Xy1…', 'install'); // 'page:Xy1…#install'
 */
export function anchorDestination(pageId: string, anchor: string): string {
  return `${pageDestination(pageId)}#${anchor}`;
}
