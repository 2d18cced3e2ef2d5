import { type Document, fromGitBookDocument, GitBookDocumentError } from '@quire/document';
import { fileTooLarge, invalid } from '../../errors.js';
import { describeFile } from '../files/file-metadata.js';
import type { ContentChangeInput, InsertFilesInput, PageBodyInput } from './change-inputs.js';
import type { HeadMoveListeners } from './head-moves.js';
import type { FileRecord } from './records.js';

/** What writing content needs from outside the database; the caller passes its own. */
export interface ContentWriteServices {
  /** Markdown → document, off the event loop for large bodies. */
  fromMarkdown(markdown: string): Promise<{ document: Document }>;
  /** Document → Markdown; a document it cannot write is not a valid body. */
  toMarkdown(document: Document): Promise<string>;
  /** Stores file bytes, answering their hash. */
  putBlob(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /** Fetches a file by URL through the outbound guard; throws a 400 saying why it can't. */
  fetchFile(url: string): Promise<{ bytes: Uint8Array; contentType: string | undefined }>;
  /** Largest file in bytes. */
  fileSizeLimit: number;
  /** What moves with the head a write moves, in its transaction. */
  heads: HeadMoveListeners;
}

/** A change with its body converted and its files stored: what the transaction applies. */
export type PreparedChange =
  | { change: Exclude<ContentChangeInput, InsertFilesInput>; body: Document | undefined }
  | { change: InsertFilesInput; files: Omit<FileRecord, 'id'>[] };

const strictBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Does the slow and outside work of a batch before its transaction opens: converts bodies
 * (Markdown parsed, documents checked by writing them), decodes and fetches files and stores
 * their bytes. Stored blobs that end up unused are harmless: they are keyed by content.
 */
export async function prepareChanges(
  changes: readonly ContentChangeInput[],
  services: ContentWriteServices,
): Promise<PreparedChange[]> {
  const prepared: PreparedChange[] = [];
  for (const [index, change] of changes.entries()) {
    const where = `body.changes.${index}`;
    if (change.operation === 'insert_files') {
      prepared.push({ change, files: await prepareFiles(change, where, services) });
      continue;
    }
    const body =
      change.operation === 'insert_page' ||
      change.operation === 'update_page' ||
      change.operation === 'insert_reusable_content' ||
      change.operation === 'update_reusable_content'
        ? await prepareBody(change.document, `${where}.document`, services)
        : undefined;
    prepared.push({ change, body });
  }
  return prepared;
}

/**
 * A body as a document: Markdown read, a document checked by writing it out (400 naming `where`
 * when it cannot be), `{}` an empty document. Comment bodies are read the same way.
 */
export async function prepareBody(
  input: PageBodyInput | undefined,
  where: string,
  services: Pick<ContentWriteServices, 'fromMarkdown' | 'toMarkdown'>,
): Promise<Document | undefined> {
  if (input === undefined) return undefined;
  if ('markdown' in input) return (await services.fromMarkdown(input.markdown)).document;
  if ('document' in input) {
    const document = toDocument(input.document, `${where}.document`);
    try {
      await services.toMarkdown(document);
    } catch (error) {
      throw invalid(
        `${where}.document is not a valid document: ${error instanceof Error ? error.message.slice(0, 120) : 'it cannot be read'}`,
      );
    }
    return document;
  }
  return (await services.fromMarkdown('')).document;
}

// The contract checked the envelope; the blocks inside are GitBook's, read into the model here
// (a node the model cannot hold is a 400 saying where it is), then checked by writing them out.
function toDocument(input: unknown, where: string): Document {
  try {
    return fromGitBookDocument(input);
  } catch (error) {
    if (error instanceof GitBookDocumentError) {
      throw invalid(`${where} is not a valid document: ${error.message}`);
    }
    throw error;
  }
}

async function prepareFiles(
  change: InsertFilesInput,
  where: string,
  services: ContentWriteServices,
): Promise<Omit<FileRecord, 'id'>[]> {
  const files: Omit<FileRecord, 'id'>[] = [];
  for (const [index, file] of change.files.entries()) {
    const at = `${where}.files.${index}`;
    let bytes: Uint8Array;
    let name: string;
    let contentType = file.contentType;
    if ('base64' in file) {
      if (!strictBase64.test(file.base64)) throw invalid(`${at}.base64 is not valid base64`);
      bytes = Buffer.from(file.base64, 'base64');
      name = file.name;
    } else {
      const fetched = await services.fetchFile(file.url);
      bytes = fetched.bytes;
      name = file.name ?? nameFromUrl(file.url);
      contentType ??= fetched.contentType;
    }
    if (bytes.byteLength > services.fileSizeLimit) throw fileTooLarge(services.fileSizeLimit);
    const { sha256, size } = await services.putBlob(bytes);
    const description = describeFile(bytes, name, contentType);
    files.push({ name, sha256, size, ...description });
  }
  return files;
}

function nameFromUrl(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
  const decoded = last === undefined ? '' : safeDecode(last);
  return decoded.replace(/[/\\]/g, '').slice(0, 255) || 'file';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
