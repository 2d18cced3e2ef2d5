import { S3Client } from '@aws-sdk/client-s3';
import { parseS3Url } from '../../s3-location.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/**
 * Opens the blob store the configuration names: S3 when `filesUrl` is `s3://bucket/prefix`,
 * else the local directory `filesDir`. Credentials and region come from the AWS SDK's usual
 * environment variables and files; an S3-compatible `filesS3Endpoint` is reached path-style,
 * since most such services do not serve buckets as subdomains.
 * @example const blobs = openBlobStore(loadConfig(process.env));
 */
export function openBlobStore(config: {
  filesDir: string;
  filesUrl?: string | undefined;
  filesS3Endpoint?: string | undefined;
}): BlobStore {
  if (config.filesUrl === undefined) return createLocalBlobStore(config.filesDir);
  const location = parseS3Url(config.filesUrl);
  if (location === undefined) {
    throw new Error(
      `FILES_URL must look like s3://bucket/optional/prefix (got "${config.filesUrl}")`,
    );
  }
  const client = new S3Client(
    config.filesS3Endpoint === undefined
      ? {}
      : { endpoint: config.filesS3Endpoint, forcePathStyle: true },
  );
  return createS3BlobStore({ ...location, client });
}
