import type { Block, Document } from '@quire/document';
import { codeLanguage, type Language } from '../code.js';
import type { PdfBook, PdfBookPage, PdfImage, PdfWriteOptions } from './book.js';
import type { OpenedImage } from './context.js';

// What the writer reads from a book before it writes: the code languages to load, the images
// to resolve and open.

/** Every page of the tree, depth first. */
export function allPages(pages: readonly PdfBookPage[]): PdfBookPage[] {
  return pages.flatMap((item) => [item, ...allPages(item.children)]);
}

/** The blocks among a node's children (a paragraph's children are text and inlines). */
export function childBlocks(nodes: readonly { object: string }[]): Block[] {
  return nodes.filter((node): node is Block => node.object === 'block');
}

/** The languages of every code block of the documents, loaded before writing. */
export function codeLanguages(documents: readonly Document[]): Set<Language> {
  const languages = new Set<Language>();
  for (const document of documents) {
    walkBlocks(document.nodes, (block) => {
      if (block.type !== 'code') return;
      const language = codeLanguage(block.data?.syntax);
      if (language !== undefined) languages.add(language);
    });
  }
  return languages;
}

/**
 * The sources of the images a book shows, each once: what a caller whose images live elsewhere
 * (another thread, a blob store) loads before writing.
 * @example const sources = pdfImageSources(book); // ['.gitbook/assets/diagram.png', …]
 */
export function pdfImageSources(book: PdfBook): string[] {
  const sources = new Set<string>();
  for (const item of allPages(book.pages)) {
    walkBlocks(item.document?.nodes ?? [], (block) => {
      if (block.type === 'image') sources.add(block.data.src);
    });
  }
  return [...sources];
}

export async function resolveImages(
  documents: readonly Document[],
  { resolveImage }: PdfWriteOptions,
): Promise<Map<string, PdfImage>> {
  const images = new Map<string, PdfImage>();
  if (resolveImage === undefined) return images;
  const sources = pdfImageSources({
    title: '',
    pages: documents.map((document, index) => ({
      id: String(index),
      kind: 'document',
      title: '',
      document,
      children: [],
    })),
  });
  await Promise.all(
    sources.map(async (source) => {
      const image = await resolveImage(source);
      if (image !== undefined) images.set(source, image);
    }),
  );
  return images;
}

export function walkBlocks(blocks: readonly Block[], visit: (block: Block) => void): void {
  for (const block of blocks) {
    visit(block);
    if ('nodes' in block) walkBlocks(childBlocks(block.nodes), visit);
  }
}

/** PNG and JPEG, by their first bytes: the formats a PDF can hold as they are. */
export function openPdfImage(
  doc: PDFKit.PDFDocument,
  image: PdfImage | undefined,
): OpenedImage | undefined {
  if (image === undefined) return undefined;
  const [a, b, c, d] = image.data;
  const isPng = a === 0x89 && b === 0x50 && c === 0x4e && d === 0x47;
  const isJpeg = a === 0xff && b === 0xd8 && c === 0xff;
  if (!isPng && !isJpeg) return undefined;
  try {
    const opened = doc.openImage(Buffer.from(image.data));
    return { image: opened, width: opened.width, height: opened.height };
  } catch {
    // A broken image is left out like one of another format.
    return undefined;
  }
}
