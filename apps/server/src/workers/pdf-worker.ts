/**
 * The task a worker thread runs to write a PDF for `createDocumentConverter`: everything it needs
 * comes in the task (the book as JSON text, the pages' paths, the images' bytes), so the thread
 * reads no database and no blob store.
 */
import { type PdfBook, writePdf } from '@quire/render';
import { resolvePagePath } from '../domain/content-index/page-links.js';
import { yieldToTheEventLoop } from './thread-priority.js';

yieldToTheEventLoop();

/** A book to write as a PDF. */
export interface PdfTask {
  /** The {@link PdfBook}, as JSON: a string crosses threads as one copy. */
  book: string;
  /** Each page's path (`guides/install`), by page id: how relative page links are resolved. */
  paths: [pageId: string, path: string][];
  /** The bytes of the images the book shows, by their source as the documents write it. */
  images: [source: string, bytes: Uint8Array][];
}

const stableReference = /^\/pages\/([^/#?]+)/;

/**
 * Writes the book as a PDF. Page references are resolved as the server resolves them elsewhere:
 * by id (`/pages/{id}`), or as paths relative to the page that holds them.
 *
 * @example
 * await pool.run(task, { name: 'toPdf' }); // Uint8Array [0x25, 0x50, 0x44, 0x46, …] ('%PDF…')
 */
export function toPdf(task: PdfTask): Promise<Uint8Array> {
  // The text is the job's own `JSON.stringify` of a typed `PdfBook`, so it is one.
  const book: PdfBook = JSON.parse(task.book);
  const paths = new Map(task.paths);
  const ids = new Map(task.paths.map(([id, path]) => [path, id]));
  const images = new Map(task.images);
  return writePdf(book, {
    resolvePage(reference, fromPageId) {
      const byId = stableReference.exec(reference)?.[1];
      if (byId !== undefined) return byId;
      return ids.get(resolvePagePath(paths.get(fromPageId) ?? '', reference));
    },
    resolveImage(source) {
      const data = images.get(source);
      return data === undefined ? undefined : { data };
    },
  });
}
