import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { invalid } from '../../errors.js';
import {
  type GitSyncConnectionRecord,
  type GitSyncDirection,
  insertGitSyncOperation,
} from '../../store/git-sync.js';
import type { Database, Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { jobKind, queueJob } from '../jobs/job-kind.js';
import { requireReachableUrl } from '../outbound-targets.js';
import { type GitSyncRequest, publicUrl, remoteOf } from './git-sync-request.js';

/** The job that runs a space's next import or export. */
export const gitSyncJobKind = jobKind('git.sync', { operationId: 'string' });

/** What an operation of a connection was asked with; the repository is the connection's. */
export interface ConnectionSyncRequest {
  connection: string;
  commitMessage?: string;
}

/** What a queued operation was asked with, as it is sealed. */
export type SealedSyncRequest = GitSyncRequest | ConnectionSyncRequest;

/**
 * Queues an import or export GitBook's way, for the repository the request names: the
 * operation is stored (what it was asked with sealed, as the URL may carry credentials) with a
 * job that runs it, and the request recorded, in one transaction.
 */
export async function requestGitSync(
  db: Kysely<Database>,
  sealer: SecretSealer,
  actor: Actor,
  space: SpaceRecord,
  direction: GitSyncDirection,
  request: GitSyncRequest,
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<string> {
  const remote = remoteOf(request);
  await requireReachableUrl(remote.url, 'body.url', allowPrivate);
  if (direction === 'export' && request.commitMessage?.trim() === '') {
    throw invalid('body.commitMessage must not be blank');
  }
  const url = publicUrl(remote.url);
  return db.transaction().execute(async (trx) => {
    const id = await queueGitSync(trx, sealer, {
      spaceId: space.id,
      direction,
      requestedBy: actor.user.id,
      repositoryUrl: url,
      branch: remote.branch,
      connectionId: null,
      request,
      now,
    });
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
    return id;
  });
}

/** Queues an import or export with a space's connection, in the caller's transaction. */
export function queueConnectionSync(
  trx: Executor,
  sealer: SecretSealer,
  connection: GitSyncConnectionRecord,
  sync: { direction: GitSyncDirection; requestedBy: string; commitMessage?: string; now: Date },
): Promise<string> {
  return queueGitSync(trx, sealer, {
    spaceId: connection.spaceId,
    direction: sync.direction,
    requestedBy: sync.requestedBy,
    repositoryUrl: connection.repositoryUrl,
    branch: connection.branch,
    connectionId: connection.id,
    request: {
      connection: connection.id,
      ...(sync.commitMessage === undefined ? {} : { commitMessage: sync.commitMessage }),
    },
    now: sync.now,
  });
}

/**
 * Stores an operation and the job that runs it. Its id is a UUIDv7, which grows with time:
 * operations of a space run in the order of their ids.
 */
async function queueGitSync(
  trx: Executor,
  sealer: SecretSealer,
  sync: {
    spaceId: string;
    direction: GitSyncDirection;
    requestedBy: string;
    repositoryUrl: string;
    branch: string;
    connectionId: string | null;
    request: SealedSyncRequest;
    now: Date;
  },
): Promise<string> {
  const id = uuidv7();
  const jobId = await queueJob(
    trx,
    gitSyncJobKind,
    { operationId: id },
    { runAt: sync.now, now: sync.now },
  );
  await insertGitSyncOperation(trx, {
    id,
    spaceId: sync.spaceId,
    direction: sync.direction,
    connectionId: sync.connectionId,
    jobId,
    changeRequestId: null,
    status: 'queued',
    request: sealer.seal(JSON.stringify(sync.request)),
    requestedBy: sync.requestedBy,
    repositoryUrl: sync.repositoryUrl,
    branch: sync.branch,
    failures: 0,
    error: null,
    commit: null,
    revisionId: null,
    createdAt: sync.now.toISOString(),
    startedAt: null,
    endedAt: null,
  });
  return id;
}

/** A sealed request opened again. */
export function openGitSyncRequest(sealer: SecretSealer, sealed: string): SealedSyncRequest {
  return JSON.parse(sealer.open(sealed)) as SealedSyncRequest;
}
