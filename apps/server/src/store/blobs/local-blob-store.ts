import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  assertByteRange,
  assertSha256,
  type BlobStore,
  type ByteRange,
  blobPath,
  sha256Hex,
} from './blob-store.js';

/**
 * A blob store in a local directory, created on demand. Each blob is one file named by its hash
 * under two levels of shards (`ab/cd/abcd…`).
 * @example const blobs = createLocalBlobStore('./data/files'); await blobs.put(bytes);
 */
export function createLocalBlobStore(directory: string): BlobStore {
  const pathOf = (sha256: string) => join(directory, ...blobPath(sha256));

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const path = pathOf(sha256);
      if ((await fileSize(path)) === bytes.byteLength) return { sha256, size: bytes.byteLength };
      await writeAtomically(path, bytes);
      return { sha256, size: bytes.byteLength };
    },

    async read(sha256, range) {
      assertSha256(sha256);
      if (range !== undefined) assertByteRange(range);
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(sha256), 'r');
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        throw error;
      }
      try {
        if (range === undefined) return new Uint8Array(await handle.readFile());
        return await readRange(handle, range);
      } finally {
        await handle.close();
      }
    },

    async size(sha256) {
      assertSha256(sha256);
      return fileSize(pathOf(sha256));
    },
  };
}

// Readers only ever see whole files: the bytes go to a file of their own beside the target and
// are renamed over it, which is atomic. Two processes writing the same blob at once each rename
// a complete copy of the same bytes, so whichever lands last changes nothing.
async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(8).toString('hex')}.partial`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function readRange(
  handle: Awaited<ReturnType<typeof open>>,
  { start, end }: ByteRange,
): Promise<Uint8Array> {
  const { size } = await handle.stat();
  const length = Math.max(0, Math.min(end, size - 1) - start + 1);
  const buffer = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, start + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? buffer : buffer.subarray(0, filled);
}

async function fileSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
