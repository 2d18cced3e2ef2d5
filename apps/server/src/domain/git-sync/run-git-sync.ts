import { DomainError, shorten } from '../../errors.js';
import { OutboundError } from '../../outbound/outbound-error.js';
import {
  findGitSyncConnection,
  findGitSyncOperation,
  type GitSyncOperationRecord,
  nextGitSyncOperation,
  updateGitSyncOperation,
} from '../../store/git-sync.js';
import { hurryJob } from '../../store/jobs.js';
import { findSpaceById } from '../../store/spaces.js';
import { findUserById } from '../../store/users.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import { backoffMs, type JobOutcome } from '../jobs/job-outcome.js';
import { exportSpace } from './export-space.js';
import { importRepository } from './import-repository.js';
import { openGitSyncRequest } from './queue-git-sync.js';
import type { GitSyncServices } from './sync-services.js';
import { syncTargetOf } from './sync-target.js';

/** Tries of one operation whose remote failed (unreachable, refused a push) before it fails. */
const attemptsForRemote = 5;
const remoteBackoff = { firstMs: 10_000, maxMs: 10 * 60_000 };
/** While another operation of the space runs, this one looks again after this long. */
const waitForTurnMs = 2_000;

/**
 * Runs one queued import or export, in its space's order: while an earlier operation of the
 * space has not finished, this one waits its turn. A remote that fails (unreachable, refusing
 * the credentials or the push) leaves the space and the repository as they were; the operation
 * is tried again with growing pauses, then fails saying why. Content that cannot be read fails
 * at once.
 */
export async function runGitSync(
  services: GitSyncServices,
  operationId: string,
): Promise<JobOutcome> {
  const { db } = services;
  const operation = await findGitSyncOperation(db, operationId);
  if (operation === undefined || operation.status === 'success' || operation.status === 'failure') {
    return { done: true };
  }
  const next = await nextGitSyncOperation(db, operation.spaceId);
  if (next !== undefined && next.id !== operation.id) {
    return {
      retryAt: new Date(services.now().getTime() + waitForTurnMs),
      error: 'waiting its turn',
    };
  }
  const space = await findSpaceById(db, operation.spaceId);
  const user = await findUserById(db, operation.requestedBy);
  if (space === undefined || space.deletedAt !== null || user === undefined) {
    await finish(services, operation, {
      status: 'failure',
      error: 'The space or the member who asked is gone',
    });
    return { done: true };
  }
  const actor: Actor = { user };
  await updateGitSyncOperation(db, operation.id, {
    status: 'running',
    startedAt: services.now().toISOString(),
  });
  try {
    const target = syncTargetOf(
      openGitSyncRequest(services.sealer, operation.request),
      await findGitSyncConnection(db, space.id),
      services.sealer,
    );
    const outcome =
      operation.direction === 'import'
        ? await importRepository(services, actor, space, target)
        : await exportSpace(services, actor, space, target);
    await finish(services, operation, { status: 'success', ...outcome });
    await recordEvent(
      db,
      actor,
      spaceEvent(
        operation.direction === 'import' ? 'space.git_imported' : 'space.git_exported',
        space,
        {
          repository: operation.repositoryUrl,
          operation: operation.id,
          ...(outcome.commit === null ? {} : { commit: outcome.commit }),
          ...(outcome.revisionId === null ? {} : { revision: outcome.revisionId }),
        },
      ),
      services.now(),
    );
    return { done: true };
  } catch (error) {
    const reason = reasonOf(error);
    const failures = operation.failures + 1;
    // Bad input and addresses the outbound guard refuses fail at once: trying again changes
    // nothing. A remote that did not answer or refused is tried again.
    const final =
      error instanceof DomainError ||
      (error instanceof OutboundError && (error.code === 'blocked' || error.code === 'bad-url')) ||
      failures >= attemptsForRemote;
    if (!final) {
      await updateGitSyncOperation(db, operation.id, { status: 'queued', failures, error: reason });
      return {
        retryAt: new Date(services.now().getTime() + backoffMs(failures, remoteBackoff)),
        error: reason,
      };
    }
    await finish(services, operation, { status: 'failure', error: reason });
    await recordEvent(
      db,
      actor,
      spaceEvent('space.git_sync_failed', space, {
        repository: operation.repositoryUrl,
        operation: operation.id,
        direction: operation.direction,
        error: reason,
      }),
      services.now(),
    );
    return { done: true };
  }
}

async function finish(
  services: GitSyncServices,
  operation: GitSyncOperationRecord,
  outcome: {
    status: 'success' | 'failure';
    error?: string;
    commit?: string | null;
    revisionId?: string | null;
    changeRequestId?: string;
  },
): Promise<void> {
  await updateGitSyncOperation(services.db, operation.id, {
    status: outcome.status,
    error: outcome.error ?? null,
    ...(outcome.commit === undefined ? {} : { commit: outcome.commit }),
    ...(outcome.revisionId === undefined ? {} : { revisionId: outcome.revisionId }),
    ...(outcome.changeRequestId === undefined ? {} : { changeRequestId: outcome.changeRequestId }),
    endedAt: services.now().toISOString(),
  });
  // The next operation of the space waits its turn; it need not wait out its pause.
  const next = await nextGitSyncOperation(services.db, operation.spaceId);
  if (next?.jobId) await hurryJob(services.db, next.jobId, services.now());
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return shorten(error.message.replace(/\/\/[^@/\s]*@/g, '//'), 500);
  return shorten(String(error), 500);
}
