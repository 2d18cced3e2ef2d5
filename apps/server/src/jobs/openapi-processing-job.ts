import { openApiProcessingJobKind } from '../domain/openapi/openapi-specs.js';
import {
  type OpenApiProcessingServices,
  runOpenApiProcessing,
} from '../domain/openapi/run-openapi-processing.js';
import type { AppServices } from '../services/app-services.js';
import { defineJob, type JobDefinition } from './define-job.js';

/** Each fetch of a spec's files may take this long unless the services say otherwise. */
const defaultFetchTimeoutMs = 10_000;

/**
 * The job that processes the source of one OpenAPI spec. The URL a version of a spec given as
 * text is said to come from (its content in the API) is made here, at the job's edge.
 */
export function openApiProcessingJob(services: AppServices): JobDefinition {
  const processing: OpenApiProcessingServices = {
    db: services.db,
    blobs: services.blobs,
    fetch: {
      allowPrivate: services.outboundAllowPrivate,
      timeoutMs: services.openApiFetchTimeoutMs ?? defaultFetchTimeoutMs,
      maxBytes: services.fileSizeLimit,
    },
    validate: services.validateSpec,
    textVersionUrl: (spec, versionId) =>
      services.urls.api(
        'orgs',
        spec.organizationId,
        'openapi',
        spec.slug,
        'versions',
        versionId,
        'content',
      ),
  };
  return defineJob(openApiProcessingJobKind, {
    // Up to 200 files, each fetched within the timeout; the run renews its lease as it goes.
    leaseMs: 2 * 60 * 1000,
    run: async ({ specId, generation }) => {
      await runOpenApiProcessing(processing, specId, generation, () => services.clock.now());
      return { done: true };
    },
  });
}
