import type { AppDeps } from '../deps.js';
import { runTranslation } from '../domain/translations/run-translation.js';
import { createTranslationEngine } from '../domain/translations/translation-engine.js';
import { contentWriteServices } from '../routes/content-write-services.js';
import type { JobHandler } from './job-runner.js';

/**
 * The job that runs one translation, with the engine the configuration names; without one the
 * translation waits (the job looks again later).
 */
export function translationJob(deps: AppDeps): JobHandler {
  const engine =
    deps.translationEngine === undefined
      ? undefined
      : createTranslationEngine(deps.translationEngine);
  const services = { ...contentWriteServices(deps), engine, clock: deps.clock };
  return {
    // As long as a PDF export's: every job of a batch is leased as long as the longest lease.
    leaseMs: 5 * 60 * 1000,
    run: (job) =>
      runTranslation(deps.db, services, String(job.payload.translationId), {
        id: job.id,
        attempts: job.attempts,
      }),
  };
}
