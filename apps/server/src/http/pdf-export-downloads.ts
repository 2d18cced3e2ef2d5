import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { awaitPdfExport } from '../domain/exports/pdf-exports.js';
import type { FileUrlSigner } from '../domain/files/file-urls.js';
import { notFound, notReadyYet } from '../errors.js';
import type { BlobStore } from '../store/blobs/blob-store.js';
import type { Database } from '../store/schema.js';
import type { AppEnv } from './app-env.js';
import { answerFile, refuseUnlessValid } from './file-downloads.js';
import { methodNotAllowed } from './http-errors.js';

/** What the PDF export downloads read and wait on. */
export interface PdfExportDownloadServices {
  db: Kysely<Database>;
  blobs: BlobStore;
  signer: FileUrlSigner;
  clock: Clock;
  /** How long a download of a PDF still being made waits for it before answering 503. */
  waitMs?: number;
}

const downloadPath = '/files/pdf-exports/:key/:name';

// A client told to come back after this finds most PDFs of a few thousand pages made.
const retryAfterSeconds = 10;

/**
 * Serves the signed links `getSpacePDF` and `getChangeRequestPDF` answer for a PDF not made
 * yet, `GET /files/pdf-exports/{key}/{name}?expires&signature`, with no token. A PDF made since
 * is answered as any file is; one still being made is waited for up to `waitMs`, then answered
 * 503 with `Retry-After`; the same link answers the PDF once it is made.
 * @example mountPdfExportDownloads(app, { db, blobs, signer: services.fileUrls, clock });
 */
export function mountPdfExportDownloads(
  app: Hono<AppEnv>,
  { db, blobs, signer, clock, waitMs = 25_000 }: PdfExportDownloadServices,
): void {
  app.get(downloadPath, async function downloadPdfExport(c) {
    const key = c.req.param('key');
    const name = c.req.param('name');
    const check = signer.verifyPdfExport(
      { key, name, expires: c.req.query('expires'), signature: c.req.query('signature') },
      clock.now(),
    );
    refuseUnlessValid(check);
    const found = await awaitPdfExport(db, key, { waitMs });
    if (found === undefined) throw notFound('This PDF is no longer stored on this server');
    if (found.state === 'pending') {
      throw notReadyYet(
        `This PDF is still being made; try again in ${retryAfterSeconds} seconds`,
        retryAfterSeconds,
      );
    }
    if (found.state === 'failed' || found.sha256 === null) {
      throw new Error(`PDF export ${key} failed: ${found.error ?? 'no reason was recorded'}`);
    }
    const { contentType, expiresAt } = check;
    return answerFile(
      c,
      blobs,
      { sha256: found.sha256, name, contentType, expiresAt },
      clock.now(),
    );
  });
  app.all(downloadPath, () => {
    throw methodNotAllowed(['GET', 'HEAD']);
  });
}
