import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.js';
import type { FileUrlCheck, FileUrlSigner } from '../domain/files/file-urls.js';
import { forbidden, notFound } from '../errors.js';
import type { BlobStore, ByteRange } from '../store/blobs/blob-store.js';
import type { AppEnv } from './app-env.js';
import { methodNotAllowed, rangeNotSatisfiable } from './http-errors.js';

/** What the download route reads files from and checks links with. */
export interface FileDownloadServices {
  blobs: BlobStore;
  signer: FileUrlSigner;
  clock: Clock;
}

const downloadPath = '/files/:sha256/:name';

/**
 * Serves signed download links, `GET /files/{sha256}/{name}?type&expires&signature`, with no
 * token: the signature is the permission. Answers ranges (206, 416), `If-None-Match` (304) and
 * HEAD; a changed or expired link is a 403 that says which.
 * @example mountFileDownloads(app, { blobs: services.blobs, signer: services.fileUrls, clock: services.clock });
 */
export function mountFileDownloads(
  app: Hono<AppEnv>,
  { blobs, signer, clock }: FileDownloadServices,
): void {
  app.use('/files/*', fileResponseHeaders());
  app.get(downloadPath, async function downloadFile(c) {
    const now = clock.now();
    const sha256 = c.req.param('sha256');
    const name = c.req.param('name');
    const check = signer.verify(
      {
        sha256,
        name,
        type: c.req.query('type'),
        expires: c.req.query('expires'),
        signature: c.req.query('signature'),
      },
      now,
    );
    refuseUnlessValid(check);
    const { contentType, expiresAt } = check;
    return answerFile(c, blobs, { sha256, name, contentType, expiresAt }, now);
  });
  app.all(downloadPath, () => {
    throw methodNotAllowed(['GET', 'HEAD']);
  });
}

/**
 * Throws the 403 of a download link that is not valid: changed, not made by this server, or
 * expired (saying when).
 */
export function refuseUnlessValid(
  check: FileUrlCheck,
): asserts check is Extract<FileUrlCheck, { status: 'valid' }> {
  if (check.status === 'invalid') {
    throw forbidden(
      'This download link is not valid: it was changed, or it was not made by this server',
    );
  }
  if (check.status === 'expired') {
    throw forbidden(
      `This download link expired at ${check.expiresAt.toISOString()}; ask the API for a new one`,
    );
  }
}

/** A stored file as a signed link serves it. */
export interface ServedFile {
  sha256: string;
  name: string;
  contentType: string;
  /** When the link expires: how long the answer may be kept. */
  expiresAt: Date;
}

/**
 * Answers the bytes of a stored file, or the range asked for (206, 416), or 304 for a matching
 * `If-None-Match`; HEAD gets the headers only.
 */
export async function answerFile(
  c: Context<AppEnv>,
  blobs: BlobStore,
  { sha256, name, contentType, expiresAt }: ServedFile,
  now: Date,
): Promise<Response> {
  const size = await blobs.size(sha256);
  if (size === undefined) throw notFound('This file is no longer stored on this server');

  const etag = `"${sha256}"`;
  const secondsLeft = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const cacheHeaders = { ETag: etag, 'Cache-Control': `private, max-age=${secondsLeft}` };
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, cacheHeaders);

  const headers: Record<string, string> = {
    ...cacheHeaders,
    'Content-Type': contentType,
    'Content-Disposition': inlineDisposition(name),
    'Accept-Ranges': 'bytes',
    ...sandboxFor(contentType),
  };
  const ifRange = c.req.header('If-Range');
  const range =
    ifRange === undefined || ifRange === etag
      ? requestedRange(c.req.header('Range'), size)
      : undefined;
  if (range === 'unsatisfiable') throw rangeNotSatisfiable(size);
  const status = range === undefined ? 200 : 206;
  const length = range === undefined ? size : range.end - range.start + 1;
  headers['Content-Length'] = String(length);
  if (range !== undefined) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  if (c.req.method === 'HEAD') return c.body(null, status, headers);

  const bytes = await blobs.read(sha256, range);
  if (bytes === undefined) throw notFound('This file is no longer stored on this server');
  return c.body(new Uint8Array(bytes), status, headers);
}

/**
 * Headers on every answer under `/files`: no content sniffing, and errors are never cached (a
 * 404 may turn into a file once it is uploaded again).
 */
function fileResponseHeaders(): MiddlewareHandler<AppEnv> {
  return async function setFileResponseHeaders(c, next) {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    if (c.res.status >= 400) c.header('Cache-Control', 'no-store');
  };
}

// Files are what users uploaded, served from the API's own origin: an HTML page or an SVG with
// a script opened from a link must not run in that origin. PDFs are left out, as browsers refuse
// to show them in a sandbox.
function sandboxFor(contentType: string): Record<string, string> {
  if (contentType.toLowerCase().startsWith('application/pdf')) return {};
  return { 'Content-Security-Policy': 'sandbox' };
}

/**
 * `inline` with the name twice: an ASCII stand-in for old clients, and the exact name in
 * RFC 5987 form (`filename*=UTF-8''…`), which every current browser prefers.
 */
function inlineDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * The one range a `Range` header asks for (`bytes=a-b`, `a-` or `-n`), cut to the file;
 * `'unsatisfiable'` when it lies past the end; `undefined` for no header, a malformed one or
 * several ranges, which are all answered with the whole file, as RFC 9110 allows.
 */
function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
