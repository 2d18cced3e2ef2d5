import type { AppDeps } from '../deps.js';
import { deliveryJobKind } from '../domain/webhooks/delivery-queue.js';
import type { JobHandler } from './job-runner.js';
import { webhookDeliveryJob } from './webhook-delivery-job.js';

/** Every kind of background job, with what runs it. */
export function jobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [deliveryJobKind]: webhookDeliveryJob(deps),
  };
}
