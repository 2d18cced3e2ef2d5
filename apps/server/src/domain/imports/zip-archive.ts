import { posix } from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DomainError, invalid } from '../../errors.js';

/** One file of an archive: its path inside it (`/`-separated, relative, normalised) and bytes. */
export interface ArchiveFile {
  path: string;
  bytes: Buffer;
}

/** What an archive may unpack to: bounds that stop decompression bombs. */
export interface ArchiveLimits {
  /** Most bytes all files together may unpack to. */
  maxTotalBytes: number;
  /** Most unpacked bytes per byte of archive. */
  maxRatio: number;
  /** Most entries. */
  maxEntries: number;
}

const symlinkMode = 0o120000;
const fileTypeMask = 0o170000;

/**
 * Unpacks a zip in memory, refusing (400, nothing kept) what could escape or explode: absolute
 * paths, `..` segments, symbolic links, more entries than `maxEntries`, and more unpacked bytes
 * than `maxTotalBytes` or than `maxRatio` times the archive's size. Sizes are checked against the
 * entries' declared sizes before anything is inflated, and yauzl checks the inflated bytes match
 * them. Directories are skipped.
 * @example const files = await readZipArchive(bytes, { maxTotalBytes: 100 << 20, maxRatio: 100, maxEntries: 5000 });
 */
export async function readZipArchive(bytes: Buffer, limits: ArchiveLimits): Promise<ArchiveFile[]> {
  const zip = await openZip(bytes);
  const budget = Math.min(limits.maxTotalBytes, bytes.byteLength * limits.maxRatio);
  const files: ArchiveFile[] = [];
  let unpacked = 0;
  let entries = 0;
  try {
    for (let entry = await nextEntry(zip); entry !== undefined; entry = await nextEntry(zip)) {
      entries += 1;
      if (entries > limits.maxEntries) {
        throw invalid(`The zip has more than ${limits.maxEntries} entries`);
      }
      const path = safePath(entry.fileName);
      if (isSymlink(entry)) throw invalid(`The zip holds a symbolic link: ${path}`);
      if (entry.fileName.endsWith('/')) continue;
      unpacked += entry.uncompressedSize;
      if (unpacked > budget) {
        throw invalid(
          `The zip unpacks to more than ${budget} bytes (at most ${limits.maxTotalBytes}, and ${limits.maxRatio} times its size)`,
        );
      }
      files.push({ path, bytes: await readEntry(zip, entry) });
    }
  } finally {
    zip.close();
  }
  return files;
}

function safePath(name: string): string {
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) {
    throw invalid(`The zip holds an absolute path: ${name.slice(0, 200)}`);
  }
  const parts = name.split(/[/\\]/);
  if (parts.includes('..')) throw invalid(`The zip holds a path outside it: ${name.slice(0, 200)}`);
  return posix.normalize(parts.filter((part) => part !== '' && part !== '.').join('/'));
}

function isSymlink(entry: Entry): boolean {
  // The high 16 bits are the Unix mode when the archive was made on Unix.
  return ((entry.externalFileAttributes >>> 16) & fileTypeMask) === symlinkMode;
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error ? reject(notAZip(error)) : resolve(zip)),
    );
  });
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
    };
    const onEntry = (entry: Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(undefined);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(notAZip(error));
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(notAZip(error));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (streamError) => reject(notAZip(streamError)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

// yauzl's own checks (bad names, sizes that don't match, corrupt data) are the client's 400s.
function notAZip(error: Error): Error {
  if (error instanceof DomainError) return error;
  const name = /^(invalid relative path|absolute path): (.*)$/.exec(error.message);
  if (name) {
    const kind = name[1] === 'absolute path' ? 'an absolute path' : 'a path outside it';
    return invalid(`The zip holds ${kind}: ${(name[2] ?? '').slice(0, 200)}`);
  }
  return invalid(`The zip can't be read: ${error.message.slice(0, 200)}`);
}
