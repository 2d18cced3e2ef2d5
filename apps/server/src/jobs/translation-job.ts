import { translationJobKind } from '../domain/translations/queue-translation-runs.js';
import { runTranslation } from '../domain/translations/run-translation.js';
import { createTranslationEngine } from '../domain/translations/translation-engine.js';
import type { AppServices } from '../services/app-services.js';
import { defineJob, type JobDefinition } from './define-job.js';

/**
 * The job that runs one translation, with the engine the configuration names; without one the
 * translation waits (the job looks again later).
 */
export function translationJob(services: AppServices): JobDefinition {
  const engine =
    services.translationEngine === undefined
      ? undefined
      : createTranslationEngine(services.translationEngine);
  const runs = { ...services.contentWrites, engine, clock: services.clock };
  return defineJob(translationJobKind, {
    // A run translates page after page for minutes; it renews its lease as it goes.
    leaseMs: 2 * 60 * 1000,
    run: ({ translationId }, run) => runTranslation(services.db, runs, translationId, run),
  });
}
