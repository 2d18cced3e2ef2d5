import type { Kysely } from 'kysely';
import { badRequest } from '../../errors.js';
import { newId } from '../../ids.js';
import { isUniqueViolation } from '../../store/constraint-errors.js';
import { type GitSyncDirection, insertGitSyncOperation } from '../../store/git-sync.js';
import { enqueueJob } from '../../store/jobs.js';
import type { Database } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { type GitSyncRequest, publicUrl, remoteOf } from './git-sync-request.js';

/** The job that runs a space's next import or export. */
export const gitSyncJobKind = 'git.sync';

/**
 * Queues an import or export of a space: the operation is stored (what it was asked with
 * sealed, as the URL may carry credentials) with a job that runs it, and the request recorded,
 * in one transaction. Operations of one space run in the order they were queued.
 */
export async function requestGitSync(
  db: Kysely<Database>,
  sealer: SecretSealer,
  actor: Actor,
  space: SpaceRecord,
  direction: GitSyncDirection,
  request: GitSyncRequest,
  now: Date,
): Promise<string> {
  const remote = remoteOf(request);
  if (direction === 'export' && request.commitMessage?.trim() === '') {
    throw badRequest('body.commitMessage must not be blank');
  }
  const id = newId();
  const url = publicUrl(remote.url);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await store();
      return id;
    } catch (error) {
      // Another request of the space took the same place in its order: take the next one.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }

  async function store() {
    await db.transaction().execute(async (trx) => {
      await insertGitSyncOperation(trx, {
        id,
        spaceId: space.id,
        direction,
        status: 'queued',
        request: sealer.seal(JSON.stringify(request)),
        requestedBy: actor.user.id,
        repositoryUrl: url,
        branch: remote.branch,
        failures: 0,
        error: null,
        commit: null,
        revisionId: null,
        createdAt: now.toISOString(),
        startedAt: null,
        endedAt: null,
      });
      await enqueueJob(
        trx,
        { kind: gitSyncJobKind, payload: { operationId: id }, runAt: now },
        now,
      );
      await recordEvent(
        trx,
        actor,
        spaceEvent(
          direction === 'import' ? 'space.git_import_requested' : 'space.git_export_requested',
          space,
          { repository: url, branch: remote.branch, operation: id },
        ),
        now,
      );
    });
  }
}

/** A sealed request opened again. */
export function openGitSyncRequest(sealer: SecretSealer, sealed: string): GitSyncRequest {
  return JSON.parse(sealer.open(sealed)) as GitSyncRequest;
}
