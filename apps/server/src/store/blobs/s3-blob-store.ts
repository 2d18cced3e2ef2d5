import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Location } from '../../s3-location.js';
import {
  assertByteRange,
  assertSha256,
  type BlobStore,
  blobPath,
  sha256Hex,
} from './blob-store.js';

/** Where the store keeps its objects, and the client it reaches them with. */
export interface S3BlobStoreOptions extends S3Location {
  client: S3Client;
}

/**
 * A blob store in an S3 bucket or any S3-compatible service. Keys follow the local store's layout
 * (`prefix/ab/cd/abcd…`), so a files directory copied into the bucket as-is is a working store.
 * Missing objects are told apart from other failures by their 404, which S3 only answers when
 * the credentials may list the bucket (without `s3:ListBucket` it answers 403, an error here).
 * @example const blobs = createS3BlobStore({ bucket: 'quire-files', prefix: '', client: new S3Client({}) });
 */
export function createS3BlobStore({ bucket, prefix, client }: S3BlobStoreOptions): BlobStore {
  const keyOf = (sha256: string) =>
    [...(prefix === '' ? [] : [prefix]), ...blobPath(sha256)].join('/');

  const size = async (sha256: string): Promise<number | undefined> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  };

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      // An upload is skipped when the bytes are there already: same key, same content.
      if ((await size(sha256)) === bytes.byteLength) return { sha256, size: bytes.byteLength };
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(sha256),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: 'application/octet-stream',
          // S3 refuses the upload if what arrives does not have this hash.
          ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
        }),
      );
      return { sha256, size: bytes.byteLength };
    },

    async read(sha256, range) {
      assertSha256(sha256);
      if (range !== undefined) assertByteRange(range);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: keyOf(sha256),
            ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end}` }),
          }),
        );
        if (object.Body === undefined) return new Uint8Array(0);
        return await object.Body.transformToByteArray();
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return undefined;
        // S3 answers 416 for a range that starts past the end of an object that exists.
        if (status === 416) return new Uint8Array(0);
        throw error;
      }
    },

    async size(sha256) {
      assertSha256(sha256);
      return size(sha256);
    },
  };
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}
