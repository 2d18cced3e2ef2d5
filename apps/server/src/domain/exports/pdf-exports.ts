import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { invalid, shorten } from '../../errors.js';
import { findPdfExport, type PdfExportRecord, startPdfExport } from '../../store/pdf-exports.js';
import type { RevisionRecord } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { canonicalJson, contentHash } from '../content/canonical-json.js';
import { openRevisionContent } from '../content/read-content.js';
import { jobKind, queueJob } from '../jobs/job-kind.js';

/** The job kind that makes one PDF; its payload is `{key}`. */
export const pdfExportJobKind = jobKind('pdf.export', { key: 'string' });

/**
 * The version of what the PDF writer makes. Part of every export's key: raising it when the
 * writer's output changes makes PDFs made by an older writer again, on their next request.
 */
const pdfFormat = 1;

/** The content a PDF is made of: a space's current content, or a change request's. */
export interface PdfExportSource {
  space: SpaceRecord;
  revision: RevisionRecord;
}

/** Which pages: all (not hidden), one page and the pages under it, or that page `only`. */
export interface PdfExportOptions {
  page?: string;
  only?: boolean;
}

/**
 * Finds or starts the PDF of some content with some options. The same content (the revision's
 * root), title and options always make the same PDF, so a PDF made once is answered at once from
 * then on; one not made yet is queued as a job, once however many ask for it meanwhile. Asking
 * for `only` without a page, or for a page the content does not have (or that has nothing of
 * its own to show), is a 400.
 */
export async function requestPdfExport(
  db: Kysely<Database>,
  { space, revision }: PdfExportSource,
  options: PdfExportOptions,
  now: Date,
): Promise<PdfExportRecord> {
  const only = options.only === true;
  if (only && options.page === undefined) {
    throw invalid('query.only needs query.page: the page to make the PDF of, alone');
  }
  const pageTitle = await exportedPageTitle(db, revision, options.page, only);
  const key = contentHash(
    canonicalJson([
      'pdf-export',
      pdfFormat,
      space.id,
      revision.root ?? null,
      space.title,
      options.page ?? null,
      only,
    ]),
  );
  const found = await findPdfExport(db, key);
  if (found !== undefined && found.state !== 'failed') return found;
  const at = now.toISOString();
  const record: PdfExportRecord = {
    key,
    spaceId: space.id,
    revisionId: revision.id,
    pageId: options.page ?? null,
    only,
    title: space.title,
    fileName: pdfFileName(pageTitle ?? space.title),
    state: 'pending',
    sha256: null,
    size: null,
    error: null,
    createdAt: at,
    updatedAt: at,
  };
  await db.transaction().execute(async (trx) => {
    if (await startPdfExport(trx, record)) {
      await queueJob(trx, pdfExportJobKind, { key }, { runAt: now, now });
    }
  });
  return (await findPdfExport(db, key)) ?? record;
}

/**
 * The export under `key` once it is no longer pending, or as it stands after `waitMs`; polled,
 * as another process may be making it. `undefined` when no export has that key.
 */
export async function awaitPdfExport(
  db: Kysely<Database>,
  key: string,
  { waitMs, pollMs = 200 }: { waitMs: number; pollMs?: number },
): Promise<PdfExportRecord | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const found = await findPdfExport(db, key);
    if (found?.state !== 'pending' || Date.now() + pollMs > until) return found;
    await delay(pollMs);
  }
}

/** The title of the page a PDF is limited to, checked to be one the PDF can show. */
async function exportedPageTitle(
  db: Kysely<Database>,
  revision: RevisionRecord,
  pageId: string | undefined,
  only: boolean,
): Promise<string | undefined> {
  if (pageId === undefined) return undefined;
  const tree = await openRevisionContent(db, revision);
  const page = await tree.page(pageId);
  if (page === undefined) {
    throw invalid(`query.page: this content has no page ${shorten(pageId, 64)}`);
  }
  if (page.type === 'link') {
    throw invalid(`query.page: page ${page.id} is a link, with no content to make a PDF of`);
  }
  if (page.type === 'group' && only) {
    throw invalid(
      `query.page: page ${page.id} is a group, with no content of its own; leave out query.only to make a PDF of its pages`,
    );
  }
  return page.title;
}

/**
 * The file name a PDF is downloaded as: its title, without what a file name cannot hold.
 * @example pdfFileName('Guides / Install'); // 'Guides - Install.pdf'
 */
function pdfFileName(title: string): string {
  const name = title
    .replace(/[\p{Cc}/\\]+/gu, '-')
    .replace(/\s+-\s*|\s*-\s+/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${name === '' ? 'export' : name}.pdf`;
}
