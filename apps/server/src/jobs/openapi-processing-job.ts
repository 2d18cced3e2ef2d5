import type { AppDeps } from '../deps.js';
import {
  type OpenApiProcessingServices,
  processOpenApiSpec,
} from '../domain/openapi/process-openapi-spec.js';
import type { JobHandler } from './job-runner.js';

/** Each fetch of a spec's files may take this long unless the deps say otherwise. */
const defaultFetchTimeoutMs = 10_000;

/**
 * The job that processes the source of one OpenAPI spec. The URL a version of a spec given as
 * text is said to come from (its content in the API) is made here, at the job's edge.
 */
export function openApiProcessingJob(deps: AppDeps): JobHandler {
  const services: OpenApiProcessingServices = {
    db: deps.db,
    blobs: deps.blobs,
    fetch: {
      allowPrivate: deps.outboundAllowPrivate,
      timeoutMs: deps.openApiFetchTimeoutMs ?? defaultFetchTimeoutMs,
      maxBytes: deps.fileSizeLimit,
    },
    textVersionUrl: (spec, versionId) =>
      deps.urls.api(
        'orgs',
        spec.organizationId,
        'openapi',
        spec.slug,
        'versions',
        versionId,
        'content',
      ),
  };
  return {
    // Up to 200 files, each fetched within the timeout.
    leaseMs: 5 * 60 * 1000,
    run: async (job) => {
      await processOpenApiSpec(
        services,
        String(job.payload.specId),
        Number(job.payload.generation),
        () => deps.clock.now(),
      );
      return { done: true };
    },
  };
}
