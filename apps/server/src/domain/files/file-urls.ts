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

/** The parts of a PDF export's download request that its signature covers, as they arrived. */
export interface PdfExportUrlParts {
  key: string;
  name: string;
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
  /**
   * `{publicUrl}/files/pdf-exports/{key}/{name}?expires&signature`: the PDF export `key`, which
   * may still be being made, valid until `expiresAt`.
   */
  pdfExportUrl(pdfExport: { key: string; name: string }, expiresAt: Date): string;
  /** Whether a PDF export's download request is a URL this server signed, and still valid. */
  verifyPdfExport(parts: PdfExportUrlParts, now: Date): FileUrlCheck;
}

const pdfContentType = 'application/pdf';

const signaturePattern = /^[A-Za-z0-9_-]{43}$/;
const expiresPattern = /^\d{1,12}$/;

/**
 * A signer of file download URLs. The signature (HMAC-SHA256) covers the hash, the name, the
 * content type and the expiry, so none of them can be changed: a link to one file can't be turned
 * into a link to another, nor into a page served as HTML, nor kept alive longer. PDF exports'
 * links are signed the same way, over the export's key.
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
  // The parts go in as a JSON array, so no choice of name can make two files sign alike; the
  // first says what the URL is for, so a file's link is never a PDF export's, nor the reverse.
  const sign = (purpose: string, sha256: string, name: string, type: string, expires: string) =>
    createHmac('sha256', key)
      .update(JSON.stringify([purpose, sha256, name, type, expires]))
      .digest();
  const signed = (purpose: string, hash: string, name: string, type: string, expiresAt: Date) => {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    return { expires, signature: sign(purpose, hash, name, type, expires).toString('base64url') };
  };
  const check = (
    purpose: string,
    { sha256, name, type, expires, signature }: FileUrlParts,
    now: Date,
  ): FileUrlCheck => {
    if (type === undefined || expires === undefined || signature === undefined) {
      return { status: 'invalid' };
    }
    if (!isSha256(sha256) || !expiresPattern.test(expires) || !signaturePattern.test(signature)) {
      return { status: 'invalid' };
    }
    const expected = sign(purpose, sha256, name, type, expires);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { status: 'invalid' };
    }
    const expiresAt = new Date(Number(expires) * 1000);
    if (now.getTime() >= expiresAt.getTime()) return { status: 'expired', expiresAt };
    return { status: 'valid', contentType: type, expiresAt };
  };

  return {
    downloadUrl({ sha256, name, contentType }, expiresAt) {
      const { expires, signature } = signed(fileDownload, sha256, name, contentType, expiresAt);
      return `${base}/files/${sha256}/${encodeURIComponent(name)}?type=${encodeURIComponent(contentType)}&expires=${expires}&signature=${signature}`;
    },
    verify: (parts, now) => check(fileDownload, parts, now),
    pdfExportUrl({ key: exportKey, name }, expiresAt) {
      const { expires, signature } = signed(pdfExport, exportKey, name, pdfContentType, expiresAt);
      return `${base}/files/pdf-exports/${exportKey}/${encodeURIComponent(name)}?expires=${expires}&signature=${signature}`;
    },
    verifyPdfExport: ({ key: exportKey, name, expires, signature }, now) =>
      check(pdfExport, { sha256: exportKey, name, type: pdfContentType, expires, signature }, now),
  };
}

const fileDownload = 'quire-file-download';
const pdfExport = 'quire-pdf-export';
