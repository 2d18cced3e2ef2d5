import { createHash } from 'node:crypto';

/** An inclusive byte range, as HTTP `Range` headers count: `{ start: 0, end: 0 }` is one byte. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * File bytes keyed by their SHA-256. Content addressing makes writes idempotent, so two uploads
 * of the same file share one copy and nothing ever has to be updated in place.
 */
export interface BlobStore {
  /** Stores bytes under their SHA-256 (lower-case hex); the same bytes twice are stored once. */
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /**
   * The bytes, or the inclusive byte range (cut short at the end of the blob, so a range that
   * starts past the end gives no bytes); `undefined` when nothing is stored under that hash.
   */
  read(sha256: string, range?: ByteRange): Promise<Uint8Array | undefined>;
  /** The stored size in bytes, or `undefined` when absent. */
  size(sha256: string): Promise<number | undefined>;
}

const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * Whether `value` is a SHA-256 as blob stores name blobs: 64 lower-case hex characters.
 * @example isSha256('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'); // true
 */
export function isSha256(value: string): boolean {
  return sha256Pattern.test(value);
}

/**
 * Throws unless `value` is a SHA-256 in lower-case hex. Stores call it before building a path or
 * a key from a hash, so no caller can reach outside the store with a crafted name.
 * @example assertSha256(request.params.sha256);
 */
export function assertSha256(value: string): void {
  if (!isSha256(value)) {
    throw new TypeError(
      `A blob is named by its SHA-256 in 64 lower-case hex characters (got "${value.slice(0, 80)}")`,
    );
  }
}

/**
 * Throws unless `range` is a well-formed inclusive range: whole numbers, start ≤ end.
 * @example assertByteRange({ start: 0, end: 99 });
 */
export function assertByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Not a byte range: ${start}-${end}`);
  }
}

/**
 * The SHA-256 of `bytes` in lower-case hex, the name a blob store gives them.
 * @example sha256Hex(new TextEncoder().encode('')); // 'e3b0c442…b855'
 */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Where a blob lives under a store's root: sharded by the first two bytes of its hash
 * (`ab/cd/abcd…`), so no directory grows past a few thousand entries.
 * @example blobPath('abcd…'); // ['ab', 'cd', 'abcd…']
 */
export function blobPath(sha256: string): [string, string, string] {
  assertSha256(sha256);
  return [sha256.slice(0, 2), sha256.slice(2, 4), sha256];
}
