import type { AppDeps } from '../deps.js';
import { loadChangeRequestForCaller } from '../domain/change-requests/change-request-access.js';
import {
  loadChangeRequestRevision,
  loadSpaceRevision,
} from '../domain/content/content-revisions.js';
import {
  type PdfExportOptions,
  type PdfExportSource,
  requestPdfExport,
} from '../domain/exports/pdf-exports.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import type { HandlerTable } from '../http/handler.js';
import type { PdfExportRecord } from '../store/pdf-exports.js';

type PdfExportHandlers = Pick<HandlerTable, 'getSpacePDF' | 'getChangeRequestPDF'>;

// Download links last an hour, as GitBook's do.
const downloadUrlLifetimeMs = 60 * 60 * 1000;

/**
 * The download URL of an export: the PDF's own file link once it is made; until then a link
 * that waits for it (see `mountPdfExportDownloads`).
 */
function downloadUrl(deps: AppDeps, record: PdfExportRecord): string {
  const expiresAt = new Date(deps.clock.now().getTime() + downloadUrlLifetimeMs);
  if (record.state === 'ready' && record.sha256 !== null) {
    return deps.fileUrls.downloadUrl(
      { sha256: record.sha256, name: record.fileName, contentType: 'application/pdf' },
      expiresAt,
    );
  }
  return deps.fileUrls.pdfExportUrl({ key: record.key, name: record.fileName }, expiresAt);
}

async function pdfExport(deps: AppDeps, source: PdfExportSource, query: PdfExportOptions) {
  const record = await requestPdfExport(deps.db, source, query, deps.clock.now());
  return { status: 200 as const, body: { url: downloadUrl(deps, record) } };
}

/** Handlers of PDF exports, of a space's content and of a change request's. */
export const pdfExportHandlers: PdfExportHandlers = {
  async getSpacePDF({ params, query, actor, deps }) {
    const { space } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    return pdfExport(deps, { space, revision: await loadSpaceRevision(deps.db, space) }, query);
  },
  async getChangeRequestPDF({ params, query, actor, deps }) {
    const { space, changeRequest } = await loadChangeRequestForCaller(
      deps.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    const revision = await loadChangeRequestRevision(deps.db, space, changeRequest);
    return pdfExport(deps, { space, revision }, query);
  },
};
