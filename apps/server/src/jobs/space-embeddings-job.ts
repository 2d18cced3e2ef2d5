import { embedSpaceSections } from '../domain/embeddings/embed-space-sections.js';
import { EmbeddingsError, embeddingsEngine } from '../domain/embeddings/embeddings-engine.js';
import { spaceEmbeddingsJobKind } from '../domain/embeddings/queue-space-embeddings.js';
import { backoffMs, retryAfter } from '../domain/jobs/job-outcome.js';
import type { AppServices } from '../services/app-services.js';
import { defineJob, type JobDefinition } from './define-job.js';

/**
 * The job that embeds a space's changed sections with the configured endpoint; an endpoint that
 * fails is tried again later, backing off. Without an endpoint (it was unset since the job was
 * queued) there is nothing to do.
 */
export function spaceEmbeddingsJob(services: AppServices): JobDefinition {
  const embedder =
    services.embeddings === undefined ? undefined : embeddingsEngine(services.embeddings);
  return defineJob(spaceEmbeddingsJobKind, {
    leaseMs: 2 * 60 * 1000,
    run: async ({ spaceId }, run) => {
      if (embedder === undefined) return { done: true };
      try {
        const { embedded, removed } = await embedSpaceSections(
          services.db,
          embedder,
          spaceId,
          services.vectorSearch,
        );
        services.logger.info(
          { spaceId, embedded, removed },
          'section embeddings brought up to date',
        );
        return { done: true };
      } catch (error) {
        if (!(error instanceof EmbeddingsError)) throw error;
        return retryAfter(
          run.now,
          backoffMs(run.attempts, { firstMs: 30_000, maxMs: 3_600_000 }),
          error.message,
        );
      }
    },
  });
}
