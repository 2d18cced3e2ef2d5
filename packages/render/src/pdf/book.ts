import type { Document } from '@quire/document';
import type { BundledTheme } from 'shiki/themes';

/** What a PDF is made of: a title and a tree of pages, in reading order. */
export interface PdfBook {
  /** Shown on the title page and as the PDF's title. */
  title: string;
  pages: PdfBookPage[];
  /** The space's variables, name → value: what `space.vars.<name>` shows in the pages. */
  variables?: Record<string, string>;
}

/**
 * One page of the book: a page with a body (`document`), or a group whose title heads the pages
 * under it. Each is a bookmark of the PDF's outline, nested as the tree is.
 */
export interface PdfBookPage {
  /** Unique in the book: links to the page jump to it by this id. */
  id: string;
  kind: 'document' | 'group';
  title: string;
  description?: string;
  /** The body of a `document` page. */
  document?: Document;
  /** The page's own variables: what `page.vars.<name>` shows in its body. */
  variables?: Record<string, string>;
  children: PdfBookPage[];
}

/** An image to place in the PDF: PNG or JPEG bytes (anything else is shown by its alt text). */
export interface PdfImage {
  data: Uint8Array;
}

/** How the writer finds what the book refers to outside itself. */
export interface PdfWriteOptions {
  /**
   * The id of the page of the book a page reference points to (`../setup.md`, `/pages/{id}`),
   * read from the page `fromPageId`. Unresolved (the default), or a page not in the book: the
   * link's text is written without a link.
   */
  resolvePage?: (reference: string, fromPageId: string) => string | undefined;
  /**
   * The image an image source names (a file of the space or a URL). Unresolved (the default):
   * the image's alt text or caption stands in its place.
   */
  resolveImage?: (source: string) => PdfImage | undefined | Promise<PdfImage | undefined>;
  /** The Shiki theme code is coloured with. Default: `github-light`. */
  codeTheme?: BundledTheme;
}
