import type { Block, Document, LinkRef } from '@quire/document';
import { variableValues } from '@quire/document/expressions';
import PDFDocument from 'pdfkit';
import { prepareCodeHighlighter } from '../code.js';
import { type HeadingIds, headingIds, isHeading } from '../headings.js';
import { safeUrl } from '../urls.js';
import { writeBlocks } from './blocks.js';
import type { PdfBook, PdfBookPage, PdfWriteOptions } from './book.js';
import {
  anchorDestination,
  type LinkTarget,
  type OpenedImage,
  type PdfContext,
  pageDestination,
} from './context.js';
import { currentPage } from './flow.js';
import { registerFonts } from './fonts.js';
import { allPages, childBlocks, codeLanguages, openPdfImage, resolveImages } from './prepare.js';
import { colors, fontFor, page, sizes, spacing } from './styles.js';
import { type Box, printable, writeRuns } from './text.js';

/**
 * Writes a book of pages as a PDF: a title page, then each page from its own page on (a group's
 * title heads the first of its pages), with every page a bookmark of the outline, nested as the
 * tree is. Links to pages and headings of the book jump inside the PDF; links to the web stay
 * links. Async only to load Shiki's grammars and to resolve the images; the writing itself is
 * synchronous.
 *
 * @example
 * const bytes = await writePdf(
 *   { title: 'Handbook', pages: [{ id: 'a', kind: 'document', title: 'Install', document, children: [] }] },
 *   { resolvePage: (reference) => idsByPath.get(reference), resolveImage: (source) => images.get(source) },
 * );
 */
export async function writePdf(book: PdfBook, options: PdfWriteOptions = {}): Promise<Uint8Array> {
  const pages = allPages(book.pages);
  const documents = pages.flatMap((item) => (item.document === undefined ? [] : [item.document]));
  const theme = options.codeTheme ?? 'github-light';
  const [highlighter, images] = await Promise.all([
    prepareCodeHighlighter({ light: theme, dark: theme }, codeLanguages(documents)),
    resolveImages(documents, options),
  ]);
  const headings = new Map(pages.map((item) => [item.id, headingsOf(item.document)]));
  const byId = new Map(pages.map((item) => [item.id, item]));

  const doc = new PDFDocument({
    size: page.size,
    margin: page.margin,
    autoFirstPage: false,
    bufferPages: true,
    displayTitle: true,
    info: { Title: printable(book.title), Creator: 'Quire' },
  });
  registerFonts(doc);
  const bytes = collect(doc);
  const opened = new Map<string, OpenedImage | undefined>();
  const openImage = (source: string) => {
    if (!opened.has(source)) opened.set(source, openPdfImage(doc, images.get(source)));
    return opened.get(source);
  };

  const contextFor = (pageId: string): PdfContext => {
    const resolve = (reference: string) => {
      const id = options.resolvePage?.(reference, pageId);
      return id !== undefined && byId.has(id) ? id : undefined;
    };
    return {
      doc,
      highlighter,
      image: openImage,
      pageTitle: (reference) => {
        const id = resolve(reference);
        return id === undefined ? undefined : byId.get(id)?.title;
      },
      linkTarget: (ref) => linkTarget(ref, pageId, resolve, headings),
      headingDestination: (heading) =>
        anchorDestination(pageId, headings.get(pageId)?.ids.idOf(heading) ?? ''),
      expressionValue: variableValues({
        space: book.variables ?? {},
        page: byId.get(pageId)?.variables ?? {},
      }),
    };
  };

  writeTitlePage(doc, book.title);
  let groupHeadsPage = false;
  const writePages = (items: readonly PdfBookPage[], outline: PDFKit.PDFOutline) => {
    for (const item of items) {
      if (!groupHeadsPage) doc.addPage();
      groupHeadsPage = false;
      doc.addNamedDestination(pageDestination(item.id));
      const bookmark = outline.addItem(printable(item.title));
      const context = contextFor(item.id);
      writePageTitle(context, item);
      if (item.kind === 'group') groupHeadsPage = item.children.length > 0;
      else writeBlocks(context, item.document?.nodes ?? [], contentBox(doc));
      writePages(item.children, bookmark);
    }
  };
  writePages(book.pages, doc.outline);
  numberPages(doc);
  doc.end();
  return bytes;
}

function contentBox(doc: PDFKit.PDFDocument): Box {
  const { left, right } = doc.page.margins;
  return { x: left, width: doc.page.width - left - right };
}

/** The heading ids of a page, and every anchor among them, named before any is written. */
function headingsOf(document: Document | undefined): { ids: HeadingIds; anchors: Set<string> } {
  const ids = headingIds(document ?? { object: 'document', data: { schemaVersion: 1 }, nodes: [] });
  const anchors = new Set<string>();
  const visit = (blocks: readonly Block[]) => {
    for (const block of blocks) {
      if (isHeading(block)) anchors.add(ids.idOf(block));
      else if ('nodes' in block) visit(childBlocks(block.nodes));
    }
  };
  visit(document?.nodes ?? []);
  return { ids, anchors };
}

/** Where a link goes: a heading or page of the book, or an absolute URL. */
function linkTarget(
  ref: LinkRef,
  pageId: string,
  resolve: (reference: string) => string | undefined,
  headings: ReadonlyMap<string, { anchors: Set<string> }>,
): LinkTarget | undefined {
  const toPage = (id: string, anchor: string | undefined): LinkTarget =>
    anchor !== undefined && headings.get(id)?.anchors.has(anchor) === true
      ? { goTo: anchorDestination(id, anchor) }
      : { goTo: pageDestination(id) };
  switch (ref.kind) {
    case 'url': {
      const url = safeUrl(ref.url);
      // A relative URL means nothing in a PDF read on its own.
      return url !== undefined && /^[a-z][a-z\d+.-]*:/i.test(url) ? { link: url } : undefined;
    }
    case 'anchor':
      return headings.get(pageId)?.anchors.has(ref.anchor) === true
        ? { goTo: anchorDestination(pageId, ref.anchor) }
        : undefined;
    case 'page': {
      const id = resolve(ref.page);
      return id === undefined ? undefined : toPage(id, ref.anchor);
    }
    case 'file':
      return undefined;
  }
}

function writeTitlePage(doc: PDFKit.PDFDocument, title: string): void {
  doc.addPage();
  const box = contentBox(doc);
  doc
    .font(fontFor({ bold: true }))
    .fontSize(sizes.bookTitle)
    .fillColor(colors.text)
    .text(printable(title), box.x, doc.page.height * 0.38, { width: box.width, align: 'center' });
}

function writePageTitle(context: PdfContext, item: PdfBookPage): void {
  const { doc } = context;
  const box = contentBox(doc);
  const size = item.kind === 'group' ? sizes.groupTitle : sizes.pageTitle;
  doc
    .font(fontFor({ bold: true }))
    .fontSize(size)
    .fillColor(colors.text)
    .text(printable(item.title), box.x, doc.y, { width: box.width });
  if (item.description !== undefined && item.description !== '') {
    doc.y += 4;
    writeRuns(
      context,
      [
        {
          text: printable(item.description),
          font: fontFor({}),
          size: sizes.body + 1,
          color: colors.muted,
        },
      ],
      box,
    );
  }
  doc.y += spacing.afterBlock * 2;
}

/** Page numbers at the foot of every page but the title page. */
function numberPages(doc: PDFKit.PDFDocument): void {
  const last = currentPage(doc);
  for (let index = 1; index <= last; index++) {
    doc.switchToPage(index);
    const { bottom } = doc.page.margins;
    // Written in the bottom margin, which text may not otherwise reach.
    doc.page.margins.bottom = 0;
    const box = contentBox(doc);
    doc
      .font(fontFor({}))
      .fontSize(sizes.small)
      .fillColor(colors.muted)
      .text(String(index + 1), box.x, doc.page.height - bottom / 2 - sizes.small / 2, {
        width: box.width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The bytes pdfkit writes, once it has ended. */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
}
