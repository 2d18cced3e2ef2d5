/** Where an S3 blob store keeps its objects: a bucket and a key prefix (`''` for the root). */
export interface S3Location {
  bucket: string;
  prefix: string;
}

// Bucket names as S3 allows them: 3 to 63 lower-case letters, digits, dots and hyphens, starting
// and ending with a letter or digit.
const s3UrlPattern = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^?#]*)?$/;

/**
 * Reads `s3://bucket/optional/prefix`, or answers `undefined` when `url` is not of that form.
 * Empty segments of the prefix are dropped, so `s3://b/files/` and `s3://b/files` are the same.
 * @example parseS3Url('s3://quire-files/prod'); // { bucket: 'quire-files', prefix: 'prod' }
 */
export function parseS3Url(url: string): S3Location | undefined {
  const match = s3UrlPattern.exec(url);
  if (match === null || match[1] === undefined) return undefined;
  const prefix = (match[2] ?? '')
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
  return { bucket: match[1], prefix };
}
