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
import type { AppServices } from '../services/app-services.js';
import type { PdfExportRecord } from '../store/pdf-exports.js';

type PdfExportHandlers = Pick<HandlerTable, 'getSpacePDF' | 'getChangeRequestPDF'>;

// Download links last an hour, as GitBook's do.
const downloadUrlLifetimeMs = 60 * 60 * 1000;

/**
 * The download URL of an export: the PDF's own file link once it is made; until then a link
 * that waits for it (see `mountPdfExportDownloads`).
 */
function downloadUrl(services: AppServices, record: PdfExportRecord): string {
  const expiresAt = new Date(services.clock.now().getTime() + downloadUrlLifetimeMs);
  if (record.state === 'ready' && record.sha256 !== null) {
    return services.fileUrls.downloadUrl(
      { sha256: record.sha256, name: record.fileName, contentType: 'application/pdf' },
      expiresAt,
    );
  }
  return services.fileUrls.pdfExportUrl({ key: record.key, name: record.fileName }, expiresAt);
}

async function pdfExport(services: AppServices, source: PdfExportSource, query: PdfExportOptions) {
  const record = await requestPdfExport(services.db, source, query, services.clock.now());
  return { status: 200 as const, body: { url: downloadUrl(services, record) } };
}

/** Handlers of PDF exports, of a space's content and of a change request's. */
export const pdfExportHandlers: PdfExportHandlers = {
  async getSpacePDF({ params, query, actor, services }) {
    const { space } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    return pdfExport(
      services,
      { space, revision: await loadSpaceRevision(services.db, space) },
      query,
    );
  },
  async getChangeRequestPDF({ params, query, actor, services }) {
    const { space, changeRequest } = await loadChangeRequestForCaller(
      services.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    const revision = await loadChangeRequestRevision(services.db, space, changeRequest);
    return pdfExport(services, { space, revision }, query);
  },
};
