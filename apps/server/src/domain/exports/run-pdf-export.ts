import { posix } from 'node:path';
import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import { shorten } from '../../errors.js';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import {
  failPdfExport,
  findPdfExport,
  finishPdfExport,
  type PdfExportRecord,
} from '../../store/pdf-exports.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById } from '../../store/spaces.js';
import { loadRevision } from '../content/content-revisions.js';
import { dereferenceDocument } from '../content/dereference.js';
import {
  openRevisionContent,
  type PageNode,
  readFiles,
  readPageById,
  readPageTree,
} from '../content/read-content.js';
import { type FileRecord, isDocumentObject } from '../content/records.js';
import type { JobOutcome } from '../jobs/job-outcome.js';

/** What a PDF is made from: the pages it shows, in a tree, with their bodies by document id. */
export interface PdfExportContent {
  title: string;
  pages: PageNode[];
  bodies: ReadonlyMap<string, Document>;
  /** The space's variables as the revision has them, which expressions in the pages show. */
  variables: Record<string, string>;
}

/** What making a PDF needs from outside the domain. */
export interface PdfExportServices {
  db: Kysely<Database>;
  blobs: BlobStore;
  /**
   * Writes the content as a PDF (presented at the job's edge, written on a worker thread);
   * `readImages` gives the bytes of the images it shows, by their sources as the bodies write them.
   */
  writePdf(content: PdfExportContent, readImages: ReadImages): Promise<Uint8Array>;
}

/** The bytes of the images of some sources that the content's revision has as files. */
export type ReadImages = (sources: readonly string[]) => Promise<ReadonlyMap<string, Uint8Array>>;

// A run that fails (a database hiccup, a thread that died) is tried a few times, a minute
// apart; after that the export is marked failed, and the next request for it starts it again.
const attemptsBeforeFailing = 3;
const retryDelayMs = 60_000;

// Images larger than this are left out of PDFs: their alt text stands in for them.
const largestImageBytes = 20 * 1024 * 1024;

/**
 * Makes the PDF of one export: reads its content, writes the PDF, stores it in the blob store
 * by its SHA-256 and marks the export ready. An export already made (by an earlier run) or gone
 * (its space purged) is left as it is.
 */
export async function runPdfExport(
  services: PdfExportServices,
  key: string,
  attempt: number,
  now: Date,
): Promise<JobOutcome> {
  const { db, blobs } = services;
  const record = await findPdfExport(db, key);
  if (record === undefined || record.state !== 'pending') return { done: true };
  try {
    const { content, files } = await pdfExportContent(db, record);
    const readImages: ReadImages = (sources) => readImageFiles(blobs, files, sources);
    const stored = await blobs.put(await services.writePdf(content, readImages));
    await finishPdfExport(db, key, stored, now);
    return { done: true };
  } catch (error) {
    const message = shorten(error instanceof Error ? error.message : String(error), 500);
    if (attempt < attemptsBeforeFailing) {
      return { retryAt: new Date(now.getTime() + retryDelayMs), error: message };
    }
    await failPdfExport(db, key, message, now);
    return { done: true };
  }
}

/**
 * The pages an export shows: the whole tree, or the page it names with the pages under it (or
 * alone, `only`). Hidden pages are left out, with the pages under them, unless the export names
 * one; so are link pages, which have no content.
 */
async function pdfExportContent(
  db: Kysely<Database>,
  record: PdfExportRecord,
): Promise<{ content: PdfExportContent; files: FileRecord[] }> {
  const space = await findSpaceById(db, record.spaceId);
  if (space === undefined) throw new Error(`Space ${record.spaceId} is gone`);
  const revision = await loadRevision(db, space, record.revisionId);
  const tree = await openRevisionContent(db, revision);
  let pages: PageNode[];
  if (record.pageId === null) pages = shown(await readPageTree(tree));
  else {
    const named = await readPageById(tree, record.pageId);
    pages = [{ ...named, children: record.only ? [] : shown(named.children) }];
  }
  const documentIds = [...new Set(allNodes(pages).flatMap(({ page }) => page.documentId ?? []))];
  const objects = await tree.objects.getMany(documentIds);
  const bodies = new Map<string, Document>();
  for (const [index, object] of objects.entries()) {
    const id = documentIds[index];
    if (id !== undefined && isDocumentObject(object) && isDocumentLike(object.document)) {
      // A PDF shows what a page includes in place, as a published page does.
      bodies.set(id, await dereferenceDocument(tree, object.document));
    }
  }
  return {
    content: { title: record.title, pages, bodies, variables: await tree.variables() },
    files: await readFiles(tree),
  };
}

function shown(nodes: readonly PageNode[]): PageNode[] {
  return nodes
    .filter(({ page }) => page.hidden !== true && page.type !== 'link')
    .map((node) => ({ ...node, children: shown(node.children) }));
}

function allNodes(nodes: readonly PageNode[]): PageNode[] {
  return nodes.flatMap((node) => [node, ...allNodes(node.children)]);
}

// Bodies were checked when they were written; this only tells a body from another object.
function isDocumentLike(value: unknown): value is Document {
  return typeof value === 'object' && value !== null && 'nodes' in value;
}

/**
 * The bytes of the images at `sources` that are files of the revision. A file is found by its
 * name, wherever the source puts it, as the site finds it. Sources that are URLs are not fetched,
 * and files that are not PNG or JPEG, or are very large, are not read: the writer shows their
 * alt text instead.
 */
async function readImageFiles(
  blobs: BlobStore,
  files: readonly FileRecord[],
  sources: readonly string[],
): Promise<Map<string, Uint8Array>> {
  const byName = new Map(files.map((file) => [file.name, file]));
  const images = new Map<string, Uint8Array>();
  await Promise.all(
    sources.map(async (source) => {
      if (/^[a-z][a-z\d+.-]*:/i.test(source)) return;
      const file = byName.get(fileNameOf(source));
      if (file === undefined || !/^image\/(png|jpe?g)$/i.test(file.contentType)) return;
      if (file.size > largestImageBytes) return;
      const bytes = await blobs.read(file.sha256);
      if (bytes !== undefined) images.set(source, bytes);
    }),
  );
  return images;
}

/** The file name a source ends with (`.gitbook/assets/a%20b.png` → `a b.png`). */
function fileNameOf(source: string): string {
  const path = source.split(/[?#]/)[0] ?? '';
  try {
    return posix.basename(decodeURIComponent(path));
  } catch {
    return posix.basename(path);
  }
}
