import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A bookmark of a PDF's outline: its title, the page (from 1) it opens, its children. */
export interface Bookmark {
  title: string;
  page: number;
  items: Bookmark[];
}

/** A link annotation: to a URI, or to a named destination (with the page it lands on). */
export type PdfLink = { url: string } | { destination: string; page: number };

/** What a test reads back from a PDF. */
export interface ReadPdf {
  pageCount: number;
  /** Each page's text, in reading order, one string a page. */
  pages: string[];
  outline: Bookmark[];
  /** Named destinations and the page (from 1) each lands on. */
  destinations: Record<string, number>;
  /** Each page's links. */
  links: PdfLink[][];
  /** How many images each page paints. */
  images: number[];
  title: string | undefined;
}

const standardFontDataUrl = `${join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/**
 * Reads a PDF with pdf.js, Firefox's reader: what a reader shows of it, for tests to check.
 * @example const pdf = await readPdf(bytes); expect(pdf.outline[0]?.title).toBe('Install');
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({ data: bytes.slice(), standardFontDataUrl, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    const links: PdfLink[][] = [];
    const images: number[] = [];
    const named = await pdf.getDestinations();
    const destinations: Record<string, number> = {};
    for (const [name, destination] of Object.entries(named)) {
      destinations[name] = await pageOf(pdf, destination);
    }
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join(''),
      );
      const annotations: { subtype?: string; url?: string; dest?: unknown }[] =
        await page.getAnnotations();
      const pageLinks: PdfLink[] = [];
      for (const annotation of annotations) {
        if (annotation.subtype !== 'Link') continue;
        if (typeof annotation.url === 'string') pageLinks.push({ url: annotation.url });
        else if (typeof annotation.dest === 'string') {
          pageLinks.push({
            destination: annotation.dest,
            page: destinations[annotation.dest] ?? 0,
          });
        }
      }
      links.push(pageLinks);
      const operators = await page.getOperatorList();
      images.push(operators.fnArray.filter((op) => op === OPS.paintImageXObject).length);
    }
    const metadata = await pdf.getMetadata();
    const info = metadata.info as { Title?: string };
    return {
      pageCount: pdf.numPages,
      pages,
      outline: await bookmarks(pdf, (await pdf.getOutline()) ?? []),
      destinations,
      links,
      images,
      title: info.Title,
    };
  } finally {
    await pdf.destroy();
  }
}

type OutlineItem = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>[number];

async function bookmarks(pdf: PDFDocumentProxy, items: OutlineItem[]): Promise<Bookmark[]> {
  return Promise.all(
    items.map(async (item) => ({
      title: item.title,
      page: await pageOf(pdf, item.dest),
      items: await bookmarks(pdf, item.items),
    })),
  );
}

async function pageOf(pdf: PDFDocumentProxy, destination: unknown): Promise<number> {
  const explicit =
    typeof destination === 'string' ? await pdf.getDestination(destination) : destination;
  if (!Array.isArray(explicit)) return 0;
  const [reference] = explicit;
  return (await pdf.getPageIndex(reference)) + 1;
}
