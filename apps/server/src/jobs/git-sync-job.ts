import { gitSyncJobKind } from '../domain/git-sync/queue-git-sync.js';
import { runGitSync } from '../domain/git-sync/run-git-sync.js';
import type { GitSyncServices } from '../domain/git-sync/sync-services.js';
import type { AppServices } from '../services/app-services.js';
import { defineJob, type JobDefinition } from './define-job.js';

/** The job that runs one import from or export to a Git repository, in its space's order. */
export function gitSyncJob(services: AppServices): JobDefinition {
  const sync: GitSyncServices = {
    ...services.contentWrites,
    db: services.db,
    sealer: services.gitSecrets,
    http: services.gitRemotes,
    async fileBytes(sha256) {
      const bytes = await services.blobs.read(sha256);
      if (bytes === undefined) throw new Error(`The file ${sha256} is missing from the blob store`);
      return bytes;
    },
    now: () => services.clock.now(),
  };
  return defineJob(gitSyncJobKind, {
    // A sync of a large repository takes minutes; the run renews its lease as it goes.
    leaseMs: 2 * 60 * 1000,
    run: ({ operationId }) => runGitSync(sync, operationId),
  });
}
