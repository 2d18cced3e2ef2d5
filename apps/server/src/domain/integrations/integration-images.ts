import { invalid } from '../../errors.js';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import type { StoredImage } from '../../store/integrations.js';

const iconLimit = 256 * 1024;
const previewLimit = 1024 * 1024;

// Raster images only: an SVG is a document that can carry scripts.
const signatures: { contentType: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    contentType: 'image/png',
    matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    contentType: 'image/jpeg',
    matches: (bytes) => bytes.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  {
    contentType: 'image/gif',
    matches: (bytes) => bytes.subarray(0, 4).toString('latin1') === 'GIF8',
  },
  {
    contentType: 'image/webp',
    matches: (bytes) =>
      bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
      bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * Decodes a base64 image of a publish, checks it is a PNG, JPEG, GIF or WebP within its size
 * limit (256 KiB for the icon, 1 MiB for a preview), and keeps it in the blob store. Anything
 * else is a 400 naming the field.
 * @example const icon = await storeImage(services.blobs, body.icon, 'icon', 'icon');
 */
export async function storeImage(
  blobs: BlobStore,
  base64: string,
  kind: 'icon' | 'preview',
  field: string,
): Promise<StoredImage> {
  const bytes = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  const limit = kind === 'icon' ? iconLimit : previewLimit;
  if (bytes.length > limit) {
    throw invalid(`${field}: the image is ${bytes.length} bytes, more than the ${limit} allowed`);
  }
  const contentType = signatures.find((signature) => signature.matches(bytes))?.contentType;
  if (contentType === undefined) {
    throw invalid(`${field}: not the base64 of a PNG, JPEG, GIF or WebP image`);
  }
  const { sha256 } = await blobs.put(bytes);
  return { sha256, contentType };
}
