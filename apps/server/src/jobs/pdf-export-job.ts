import { pdfImageSources } from '@quire/render';
import { pdfExportJobKind } from '../domain/exports/pdf-exports.js';
import { type PdfExportServices, runPdfExport } from '../domain/exports/run-pdf-export.js';
import { presentPdfBook } from '../presenters/pdf-book.js';
import type { AppServices } from '../services/app-services.js';
import { defineJob, type JobDefinition } from './define-job.js';

/**
 * The job that makes one PDF export. The book the writer takes is presented here, at the job's
 * edge, from the content the domain read; the PDF is written on a worker thread.
 */
export function pdfExportJob(services: AppServices): JobDefinition {
  const exports: PdfExportServices = {
    db: services.db,
    blobs: services.blobs,
    async writePdf(content, readImages) {
      const { book, paths } = presentPdfBook(content);
      const images = await readImages(pdfImageSources(book));
      return services.documents.toPdf({ book: JSON.stringify(book), paths, images: [...images] });
    },
  };
  return defineJob(pdfExportJobKind, {
    // 500 pages take seconds, several thousand minutes: the run renews its lease as it goes, so
    // the lease only bounds how long a download waits on a process that died.
    leaseMs: 60_000,
    run: ({ key }, run) => runPdfExport(exports, key, run.attempts, run.now),
  });
}
