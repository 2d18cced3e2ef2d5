import { availableParallelism } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import {
  type Document,
  documentToMarkdown,
  type ReadMarkdownResult,
  readMarkdown,
} from '@quire/document';
import {
  keepStoredDocumentObject,
  type StoredDocumentObject,
} from '../domain/content/document-objects.js';
import type * as conversionTasks from './document-conversion-worker.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import type { PdfTask } from './pdf-worker.js';
import { createSharedWorkerPool, type WorkerFile, type WorkerPool } from './worker-pool.js';

/**
 * Converts page bodies between Markdown and documents, and writes them as PDFs, without holding
 * up the event loop: a large body takes from tens of milliseconds to seconds, a PDF of a large
 * space many seconds, so they are made on worker threads (one pool) while other requests go on.
 */
export interface DocumentConverter {
  /** Markdown → document, with the reader's warnings. */
  fromMarkdown(markdown: string): Promise<ReadMarkdownResult>;
  /** Document → Markdown. */
  toMarkdown(document: Document): Promise<string>;
  /**
   * Many Markdown texts → their documents, in order: the pages of an import. Above the inline
   * size they are read in chunks spread over the worker threads.
   */
  fromMarkdownMany(markdowns: readonly string[]): Promise<Document[]>;
  /** HTML → Markdown (an imported page). */
  fromHtml(html: string): Promise<string>;
  /** Documents → PDF: a book of pages written as one PDF, always on a worker thread. */
  toPdf(task: PdfTask): Promise<Uint8Array>;
  /**
   * Stops the worker threads (idempotent). Conversions still running on them are rejected, and
   * so is every conversion asked of the converter afterwards.
   */
  close(): Promise<void>;
}

export interface DocumentConverterOptions {
  /**
   * Inputs smaller than this are converted on the calling thread, where they take less time than
   * a round trip to a worker: Markdown measured in UTF-8 bytes, a document by its JSON.
   */
  inlineBelowBytes?: number;
  /**
   * Most worker threads running at once; by default one per core. The event loop mostly waits
   * on them while they run (an import's pages), and they yield to it where they share a core.
   */
  maxThreads?: number;
  /**
   * The pool the work runs on: the server's one, which integration scripts share; by default a
   * pool of `maxThreads` of the converter's own.
   */
  workers?: WorkerPool;
}

type TaskName = keyof typeof conversionTasks;

const defaultInlineBelowBytes = 16 * 1024;

// A task of `fromMarkdownMany` reads about this much Markdown: large enough that the round trip
// is small beside the work, small enough that a large import spreads over every thread.
const manyChunkBytes = 256 * 1024;

/**
 * @example
 * const converter = createDocumentConverter();
 * const { document, warnings } = await converter.fromMarkdown(request.markdown);
 * const markdown = await converter.toMarkdown(document);
 * await converter.close(); // at shutdown
 */
export function createDocumentConverter({
  inlineBelowBytes = defaultInlineBelowBytes,
  maxThreads = availableParallelism(),
  workers = createSharedWorkerPool({ maxThreads }),
}: DocumentConverterOptions = {}): DocumentConverter {
  let closing: Promise<void> | undefined;

  const runInPool = (file: WorkerFile, name: string, input: unknown): Promise<unknown> =>
    workers.run(file, name, input);
  // The conversions take and give text (see the worker's module).
  const convertInPool = async (input: string, name: TaskName): Promise<string> => {
    const answer = await runInPool('document-conversion-worker', name, input);
    if (typeof answer !== 'string') throw new Error(`The ${name} task answered no text`);
    return answer;
  };

  return {
    async fromMarkdown(markdown) {
      if (closing) throw closedError();
      if (Buffer.byteLength(markdown) < inlineBelowBytes) return readMarkdown(markdown);
      const stored = readStoredDocument(await convertInPool(markdown, 'fromMarkdown'));
      // Storing the body then writes the text the worker wrote, under its hash.
      keepStoredDocumentObject(stored);
      // Reading a large document's text takes tens of milliseconds: requests waiting meanwhile
      // go first, before the caller goes on to store it.
      await setImmediate();
      return { document: stored.object.document, warnings: stored.warnings };
    },
    async toMarkdown(document) {
      if (closing) throw closedError();
      const documentJson = JSON.stringify(document);
      if (Buffer.byteLength(documentJson) < inlineBelowBytes) return documentToMarkdown(document);
      return convertInPool(documentJson, 'toMarkdown');
    },
    async fromMarkdownMany(markdowns) {
      if (closing) throw closedError();
      const total = chunkBytes(markdowns);
      if (total < inlineBelowBytes) return markdowns.map((text) => readMarkdown(text).document);
      // Every thread gets a share, in tasks of at most `manyChunkBytes`; each answer is read
      // while the threads go on with the others.
      const chunks = chunksOfBytes(
        markdowns,
        Math.max(inlineBelowBytes, Math.min(manyChunkBytes, Math.ceil(total / maxThreads))),
      );
      const documents = await Promise.all(
        chunks.map(async (chunk) =>
          readStoredDocuments(await convertInPool(JSON.stringify(chunk), 'fromMarkdownMany')),
        ),
      );
      return documents.flat();
    },
    async fromHtml(html) {
      if (closing) throw closedError();
      if (Buffer.byteLength(html) < inlineBelowBytes) return htmlToMarkdown(html);
      return convertInPool(html, 'fromHtml');
    },
    async toPdf(task) {
      if (closing) throw closedError();
      const answer = await runInPool('pdf-worker', 'toPdf', task);
      if (!(answer instanceof Uint8Array)) throw new Error('The toPdf task answered no bytes');
      return answer;
    },
    close() {
      closing ??= workers.stop(closedError());
      return closing;
    },
  };
}

/** The worker's answer to `fromMarkdown`: `<hash>\n<warnings JSON>\n<object JSON>`. */
function readStoredDocument(
  answer: string,
): StoredDocumentObject & { warnings: ReadMarkdownResult['warnings'] } {
  const hashEnd = answer.indexOf('\n');
  const warningsEnd = answer.indexOf('\n', hashEnd + 1);
  const text = answer.slice(warningsEnd + 1);
  // The worker wrote these from a typed `ReadMarkdownResult`, so they are what they say.
  const warnings: ReadMarkdownResult['warnings'] = JSON.parse(
    answer.slice(hashEnd + 1, warningsEnd),
  );
  const object: StoredDocumentObject['object'] = JSON.parse(text);
  return { object, text, hash: answer.slice(0, hashEnd), warnings };
}

/**
 * The worker's answer to `fromMarkdownMany`: `<hash>\n<object JSON>\n` for each document, in
 * order. Each is kept with its stored form, so storing the page writes the worker's text.
 */
function readStoredDocuments(answer: string): Document[] {
  const documents: Document[] = [];
  for (let start = 0; start < answer.length; ) {
    const hashEnd = answer.indexOf('\n', start);
    const textEnd = answer.indexOf('\n', hashEnd + 1);
    const text = answer.slice(hashEnd + 1, textEnd);
    // The worker wrote it from a typed document, so it is one.
    const object: StoredDocumentObject['object'] = JSON.parse(text);
    keepStoredDocumentObject({ object, text, hash: answer.slice(start, hashEnd) });
    documents.push(object.document);
    start = textEnd + 1;
  }
  return documents;
}

function chunkBytes(markdowns: readonly string[]): number {
  return markdowns.reduce((total, markdown) => total + Buffer.byteLength(markdown), 0);
}

/** Consecutive runs of `markdowns` of about `bytes` each (at least one text per run). */
function chunksOfBytes(markdowns: readonly string[], bytes: number): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const markdown of markdowns) {
    const length = Buffer.byteLength(markdown);
    if (current.length > 0 && size + length > bytes) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(markdown);
    size += length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

function closedError(): Error {
  return new Error('The document converter is closed');
}
