import type { Executor, PdfExportsTable } from './schema.js';

/** Where a PDF export stands. */
export type PdfExportState = 'pending' | 'ready' | 'failed';

/** A PDF of a space's content, made or being made. */
export interface PdfExportRecord {
  key: string;
  spaceId: string;
  revisionId: string;
  pageId: string | null;
  only: boolean;
  title: string;
  fileName: string;
  state: PdfExportState;
  sha256: string | null;
  size: number | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

function recordOf(row: PdfExportsTable): PdfExportRecord {
  return {
    key: row.key,
    spaceId: row.space_id,
    revisionId: row.revision_id,
    pageId: row.page_id,
    only: row.only === 1,
    title: row.title,
    fileName: row.file_name,
    state: row.state === 'ready' || row.state === 'failed' ? row.state : 'pending',
    sha256: row.sha256,
    size: row.size,
    error: row.error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The export under `key`, if one was asked for. */
export async function findPdfExport(
  db: Executor,
  key: string,
): Promise<PdfExportRecord | undefined> {
  const row = await db
    .selectFrom('pdf_exports')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  return row === undefined ? undefined : recordOf(row);
}

/**
 * Records an export as pending; an export already under its key stays as it is unless it
 * failed, which starts it again. Answers whether this call made it pending (and so must queue
 * the job that makes it).
 */
export async function startPdfExport(db: Executor, record: PdfExportRecord): Promise<boolean> {
  const inserted = await db
    .insertInto('pdf_exports')
    .values({
      key: record.key,
      space_id: record.spaceId,
      revision_id: record.revisionId,
      page_id: record.pageId,
      only: record.only ? 1 : 0,
      title: record.title,
      file_name: record.fileName,
      state: 'pending',
      sha256: null,
      size: null,
      error: null,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const restarted = await db
    .updateTable('pdf_exports')
    .set({ state: 'pending', error: null, updated_at: record.updatedAt })
    .where('key', '=', record.key)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(restarted.numUpdatedRows) > 0;
}

/** Marks an export made: its bytes are in the blob store under `sha256`. */
export async function finishPdfExport(
  db: Executor,
  key: string,
  { sha256, size }: { sha256: string; size: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('pdf_exports')
    .set({ state: 'ready', sha256, size, error: null, updated_at: now.toISOString() })
    .where('key', '=', key)
    .execute();
}

/** Marks an export failed, with what went wrong; asking for it again starts it anew. */
export async function failPdfExport(
  db: Executor,
  key: string,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('pdf_exports')
    .set({ state: 'failed', error, updated_at: now.toISOString() })
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .execute();
}
