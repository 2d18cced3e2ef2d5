import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSha256 } from '../../store/blobs/blob-store.js';

/** What a download URL serves: which bytes, under which name, as which content type. */
export interface SignedFile {
  sha256: string;
  name: string;
  contentType: string;
}

/** The parts of a download request that its signature covers, as they arrived. */
export interface FileUrlParts {
  sha256: string;
  name: string;
  type: string | undefined;
  expires: string | undefined;
  signature: string | undefined;
}

/** What a download request's signature says: serve it, or why not. */
export type FileUrlCheck =
  | { status: 'valid'; contentType: string; expiresAt: Date }
  | { status: 'expired'; expiresAt: Date }
  | { status: 'invalid' };

/** Makes download URLs that need no token, and checks them when they come back. */
export interface FileUrlSigner {
  /** `{publicUrl}/files/{sha256}/{name}?type&expires&signature`, valid until `expiresAt`. */
  downloadUrl(file: SignedFile, expiresAt: Date): string;
  /** Whether a request's parts are a URL this server signed, and whether it is still valid. */
  verify(parts: FileUrlParts, now: Date): FileUrlCheck;
}

const signaturePattern = /^[A-Za-z0-9_-]{43}$/;
const expiresPattern = /^\d{1,12}$/;

/**
 * A signer of file download URLs. The signature (HMAC-SHA256) covers the hash, the name, the
 * content type and the expiry, so none of them can be changed: a link to one file can't be turned
 * into a link to another, nor into a page served as HTML, nor kept alive longer.
 * @example
 * const signer = createFileUrlSigner({ key: keys.fileUrlKey, publicUrl: 'https://docs.test' });
 * signer.downloadUrl({ sha256, name: 'logo.png', contentType: 'image/png' }, inOneHour);
 */
export function createFileUrlSigner({
  key,
  publicUrl,
}: {
  key: Buffer;
  publicUrl: string;
}): FileUrlSigner {
  const base = publicUrl.replace(/\/+$/, '');
  // The parts go in as a JSON array, so no choice of name can make two files sign alike.
  const sign = (sha256: string, name: string, type: string, expires: string) =>
    createHmac('sha256', key)
      .update(JSON.stringify(['quire-file-download', sha256, name, type, expires]))
      .digest();

  return {
    downloadUrl({ sha256, name, contentType }, expiresAt) {
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const signature = sign(sha256, name, contentType, expires).toString('base64url');
      return `${base}/files/${sha256}/${encodeURIComponent(name)}?type=${encodeURIComponent(contentType)}&expires=${expires}&signature=${signature}`;
    },

    verify({ sha256, name, type, expires, signature }, now) {
      if (type === undefined || expires === undefined || signature === undefined) {
        return { status: 'invalid' };
      }
      if (!isSha256(sha256) || !expiresPattern.test(expires) || !signaturePattern.test(signature)) {
        return { status: 'invalid' };
      }
      const expected = sign(sha256, name, type, expires);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { status: 'invalid' };
      }
      const expiresAt = new Date(Number(expires) * 1000);
      if (now.getTime() >= expiresAt.getTime()) return { status: 'expired', expiresAt };
      return { status: 'valid', contentType: type, expiresAt };
    },
  };
}
