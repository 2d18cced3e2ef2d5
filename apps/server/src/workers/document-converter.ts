import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import {
  type Document,
  documentToMarkdown,
  type ReadMarkdownResult,
  readMarkdown,
} from '@quire/document';
import { Piscina } from 'piscina';
import {
  keepStoredDocumentObject,
  type StoredDocumentObject,
} from '../domain/content/document-objects.js';
import type * as conversionTasks from './document-conversion-worker.js';
import { htmlToMarkdown } from './html-to-markdown.js';

/**
 * Converts page bodies between Markdown and documents without holding up the event loop: a
 * large body takes from tens of milliseconds to seconds, so it is converted on a worker thread
 * while other requests go on.
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
}

type TaskName = keyof typeof conversionTasks;

const defaultInlineBelowBytes = 16 * 1024;

// A task of `fromMarkdownMany` reads about this much Markdown: large enough that the round trip
// is small beside the work, small enough that a large import spreads over every thread.
const manyChunkBytes = 256 * 1024;

// Starting a thread costs a load of @quire/document, so an idle one waits a while for the next
// large conversion before it exits; meanwhile it does not keep the process alive.
const idleThreadTimeoutMs = 30_000;

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
}: DocumentConverterOptions = {}): DocumentConverter {
  let pool: ConversionPool | undefined;
  let closing: Promise<void> | undefined;

  const runInPool = (input: string, name: TaskName): Promise<string> => {
    if (!pool) {
      const started = createConversionPool(maxThreads, () => {
        if (pool === started) pool = undefined;
      });
      pool = started;
    }
    return pool.run(input, name);
  };

  return {
    async fromMarkdown(markdown) {
      if (closing) throw closedError();
      if (Buffer.byteLength(markdown) < inlineBelowBytes) return readMarkdown(markdown);
      const stored = readStoredDocument(await runInPool(markdown, 'fromMarkdown'));
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
      return runInPool(documentJson, 'toMarkdown');
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
          readStoredDocuments(await runInPool(JSON.stringify(chunk), 'fromMarkdownMany')),
        ),
      );
      return documents.flat();
    },
    async fromHtml(html) {
      if (closing) throw closedError();
      if (Buffer.byteLength(html) < inlineBelowBytes) return htmlToMarkdown(html);
      return runInPool(html, 'fromHtml');
    },
    close() {
      closing ??= (async () => {
        const stopping = pool;
        pool = undefined;
        await stopping?.stop(closedError());
      })();
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

interface ConversionPool {
  run(input: string, name: TaskName): Promise<string>;
  /** Ends the threads; the tasks not done yet are rejected with `reason`. */
  stop(reason: Error): Promise<void>;
}

/**
 * A piscina pool, with no thread until its first task. A thread that fails while starting (its
 * script cannot load) makes piscina emit 'error' and leave the queued tasks waiting forever; this
 * pool fails them with that error instead, stops, and calls `onFailure` so the next conversion
 * starts a fresh one.
 */
function createConversionPool(maxThreads: number, onFailure: () => void): ConversionPool {
  const pool = new Piscina<string, string>({
    ...workerScript(),
    minThreads: 0,
    maxThreads,
    idleTimeout: idleThreadTimeoutMs,
  });
  const pendingRejects = new Set<(error: Error) => void>();
  pool.on('error', (error: unknown) => {
    onFailure();
    for (const reject of pendingRejects) reject(asError(error));
    void pool.destroy();
  });
  return {
    run: (input, name) =>
      new Promise<string>((resolve, reject) => {
        pendingRejects.add(reject);
        pool
          .run(input, { name })
          .then(resolve, (error: unknown) => reject(asError(error)))
          .finally(() => pendingRejects.delete(reject));
      }),
    stop(reason) {
      for (const reject of pendingRejects) reject(reason);
      return pool.destroy();
    },
  };
}

/**
 * The worker's file, and how to start a thread that can load it. Built, this module is `.js` in
 * `dist/` with the compiled worker next to it. Run from sources (vitest, `tsx --conditions=source`)
 * it is `.ts`, and so is the worker, which a thread can load only through tsx. Node 20 does not
 * apply ESM loader hooks (`--import tsx`) inside worker threads (nodejs/node#47747, fixed in
 * 22.2), so the thread gets tsx's CommonJS hook instead: piscina `require()`s the task file
 * first, and the hook compiles it. `--conditions=source` resolves `@quire/document` to its sources
 * too, as the tests and `tsx --conditions=source` do on the main thread.
 */
function workerScript(): { filename: string; name: TaskName; execArgv?: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = new URL(
    `./document-conversion-worker.${fromSources ? 'ts' : 'js'}`,
    import.meta.url,
  ).href;
  // Piscina loads the file with the default task name when a thread starts; `require()` finds
  // no default export there and piscina falls back to `import()`, which fails under Node 20 for
  // `.ts`, so the default is a task the file has.
  const name: TaskName = 'fromMarkdown';
  if (!fromSources) return { filename, name };
  const tsxRequireHook = createRequire(import.meta.url).resolve('tsx/cjs');
  return { filename, name, execArgv: ['--require', tsxRequireHook, '--conditions=source'] };
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

// Errors cross threads by structured clone, which keeps an Error's name and message; anything
// else thrown is wrapped so callers always get an Error.
function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
