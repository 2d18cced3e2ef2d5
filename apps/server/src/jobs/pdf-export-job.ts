import { pdfImageSources } from '@quire/render';
import type { AppDeps } from '../deps.js';
import { makePdfExport, type PdfExportServices } from '../domain/exports/make-pdf-export.js';
import { presentPdfBook } from '../presenters/pdf-book.js';
import type { JobHandler } from './job-runner.js';

/**
 * The job that makes one PDF export. The book the writer takes is presented here, at the job's
 * edge, from the content the domain read; the PDF is written on a worker thread.
 */
export function pdfExportJob(deps: AppDeps): JobHandler {
  const services: PdfExportServices = {
    db: deps.db,
    blobs: deps.blobs,
    async writePdf(content, readImages) {
      const { book, paths } = presentPdfBook(content);
      const images = await readImages(pdfImageSources(book));
      return deps.documents.toPdf({ book: JSON.stringify(book), paths, images: [...images] });
    },
  };
  return {
    // 500 pages take seconds; several thousand on a busy machine, minutes. Every job of a
    // batch is leased this long, so a longer lease would delay taking over any job of a process
    // that died.
    leaseMs: 5 * 60 * 1000,
    run: (job, now) => makePdfExport(services, String(job.payload.key), job.attempts, now),
  };
}
