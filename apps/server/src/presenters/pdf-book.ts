import type { PdfBook, PdfBookPage } from '@quire/render';
import type { PageNode } from '../domain/content/read-content.js';
import type { PdfExportContent } from '../domain/exports/run-pdf-export.js';

/** A book for the PDF writer, and each of its pages' paths, by id, to resolve page links by. */
export interface PresentedPdfBook {
  book: PdfBook;
  paths: [pageId: string, path: string][];
}

/**
 * The content of a PDF export as the writer takes it: its pages in reading order, each with its
 * title, description, body and variables; groups head the pages under them.
 * @example const { book, paths } = presentPdfBook(content);
 */
export function presentPdfBook(content: PdfExportContent): PresentedPdfBook {
  const paths: [string, string][] = [];
  const pageOf = ({ page, path, children }: PageNode): PdfBookPage => {
    paths.push([page.id, path]);
    const body = page.documentId === undefined ? undefined : content.bodies.get(page.documentId);
    return {
      id: page.id,
      kind: page.type === 'group' ? 'group' : 'document',
      title: page.title,
      ...(page.description === undefined ? {} : { description: page.description }),
      ...(body === undefined ? {} : { document: body }),
      ...(page.variables === undefined ? {} : { variables: page.variables }),
      children: children.map(pageOf),
    };
  };
  return {
    book: { title: content.title, pages: content.pages.map(pageOf), variables: content.variables },
    paths,
  };
}
