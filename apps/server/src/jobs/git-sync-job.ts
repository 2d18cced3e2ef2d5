import type { HttpClient } from 'isomorphic-git';
import type { AppDeps } from '../deps.js';
import { gitSyncSealer } from '../domain/git-sync/git-sync-sealer.js';
import { runGitSync } from '../domain/git-sync/run-git-sync.js';
import type { GitSyncServices } from '../domain/git-sync/sync-services.js';
import { gitHttpClient } from '../outbound/git-http-client.js';
import { contentWriteServices } from '../routes/content-write-services.js';
import type { JobHandler } from './job-runner.js';

/** Each request to a Git remote may take this long: a repository's pack is one request. */
const gitRequestTimeoutMs = 120_000;
/** The largest pack a fetch downloads. */
const gitMaxBytes = 500 * 1024 * 1024;

/** How Git remotes are reached: through the outbound guard, as the configuration allows. */
export function gitRemoteHttp(deps: AppDeps): HttpClient {
  return gitHttpClient({
    allowPrivate: deps.outboundAllowPrivate,
    timeoutMs: gitRequestTimeoutMs,
    maxBytes: gitMaxBytes,
  });
}

/** The job that runs one import from or export to a Git repository, in its space's order. */
export function gitSyncJob(deps: AppDeps): JobHandler {
  const services: GitSyncServices = {
    ...contentWriteServices(deps),
    db: deps.db,
    sealer: gitSyncSealer(deps.keys.secretsKey),
    http: gitRemoteHttp(deps),
    async fileBytes(sha256) {
      const bytes = await deps.blobs.read(sha256);
      if (bytes === undefined) throw new Error(`The file ${sha256} is missing from the blob store`);
      return bytes;
    },
    now: () => deps.clock.now(),
  };
  return {
    leaseMs: 10 * 60 * 1000,
    run: (job) => runGitSync(services, String(job.payload.operationId)),
  };
}
