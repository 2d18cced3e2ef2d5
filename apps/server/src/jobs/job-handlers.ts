import type { AppDeps } from '../deps.js';
import { pdfExportJobKind } from '../domain/exports/pdf-exports.js';
import { gitSyncJobKind } from '../domain/git-sync/queue-git-sync.js';
import { openApiProcessingJobKind } from '../domain/openapi/openapi-specs.js';
import { translationJobKind } from '../domain/translations/translation-queue.js';
import { deliveryJobKind } from '../domain/webhooks/delivery-queue.js';
import { gitSyncJob } from './git-sync-job.js';
import type { JobHandler } from './job-runner.js';
import { openApiProcessingJob } from './openapi-processing-job.js';
import { pdfExportJob } from './pdf-export-job.js';
import { recurringJobHandler } from './recurring-jobs.js';
import { type SweepSettings, sweeps } from './sweeps.js';
import { translationJob } from './translation-job.js';
import { webhookDeliveryJob } from './webhook-delivery-job.js';

/** Every kind of background job, with what runs it. */
export function jobHandlers(deps: AppDeps, settings: SweepSettings): Record<string, JobHandler> {
  return {
    [deliveryJobKind]: webhookDeliveryJob(deps),
    [pdfExportJobKind]: pdfExportJob(deps),
    ...Object.fromEntries(
      sweeps(deps, settings).map((sweep) => [sweep.kind, recurringJobHandler(sweep, deps.logger)]),
    ),
    [translationJobKind]: translationJob(deps),
    [openApiProcessingJobKind]: openApiProcessingJob(deps),
    [gitSyncJobKind]: gitSyncJob(deps),
  };
}
