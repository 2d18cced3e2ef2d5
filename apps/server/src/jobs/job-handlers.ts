import type { AppServices } from '../services/app-services.js';
import type { JobDefinition } from './define-job.js';
import { gitSyncJob } from './git-sync-job.js';
import { openApiProcessingJob } from './openapi-processing-job.js';
import { pdfExportJob } from './pdf-export-job.js';
import { recurringJobHandler } from './recurring-jobs.js';
import { spaceEmbeddingsJob } from './space-embeddings-job.js';
import { type SweepSettings, sweeps } from './sweeps.js';
import { translationJob } from './translation-job.js';
import { webhookDeliveryJob } from './webhook-delivery-job.js';

/** Every kind of background job, with what runs it. */
export function jobHandlers(services: AppServices, settings: SweepSettings): JobDefinition[] {
  return [
    webhookDeliveryJob(services),
    pdfExportJob(services),
    ...sweeps(services, settings).map((sweep) => recurringJobHandler(sweep, services.logger)),
    translationJob(services),
    openApiProcessingJob(services),
    gitSyncJob(services),
    spaceEmbeddingsJob(services),
  ];
}
