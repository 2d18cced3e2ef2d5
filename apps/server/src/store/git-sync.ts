import type { Selectable } from 'kysely';
import type { Executor, GitSyncOperationsTable } from './schema.js';

export type GitSyncDirection = 'import' | 'export';
export type GitSyncStatus = 'queued' | 'running' | 'success' | 'failure';

/** An import or export of a space, asked for and run in order. */
export interface GitSyncOperationRecord {
  id: string;
  spaceId: string;
  direction: GitSyncDirection;
  status: GitSyncStatus;
  /** What it was asked with, sealed. */
  request: string;
  requestedBy: string;
  repositoryUrl: string;
  branch: string;
  /** Runs that failed on the remote so far. */
  failures: number;
  error: string | null;
  commit: string | null;
  revisionId: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
}

/** What a space and its repository last agreed on; `state` is the JSON of a sync state. */
export interface GitSyncStateRecord {
  spaceId: string;
  repositoryUrl: string;
  branch: string;
  directory: string;
  state: string;
  updatedAt: string;
}

function toOperation(row: Selectable<GitSyncOperationsTable>): GitSyncOperationRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    direction: row.direction === 'import' ? 'import' : 'export',
    status: toStatus(row.status),
    request: row.request,
    requestedBy: row.requested_by,
    repositoryUrl: row.repository_url,
    branch: row.branch,
    failures: row.failures,
    error: row.error,
    commit: row.commit,
    revisionId: row.revision_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}

function toStatus(value: string): GitSyncStatus {
  if (value === 'queued' || value === 'running' || value === 'success' || value === 'failure') {
    return value;
  }
  throw new Error(`A stored Git sync operation has an unknown status ${value}`);
}

/**
 * Stores an operation after the space's last one. Two stored at once may take the same place;
 * the unique index refuses the second, which the caller tries again.
 */
export async function insertGitSyncOperation(
  db: Executor,
  operation: GitSyncOperationRecord,
): Promise<void> {
  const last = await db
    .selectFrom('git_sync_operations')
    .select((eb) => eb.fn.max('sequence').as('sequence'))
    .where('space_id', '=', operation.spaceId)
    .executeTakeFirst();
  await db
    .insertInto('git_sync_operations')
    .values({
      id: operation.id,
      sequence: Number(last?.sequence ?? 0) + 1,
      space_id: operation.spaceId,
      direction: operation.direction,
      status: operation.status,
      request: operation.request,
      requested_by: operation.requestedBy,
      repository_url: operation.repositoryUrl,
      branch: operation.branch,
      failures: operation.failures,
      error: operation.error,
      commit: operation.commit,
      revision_id: operation.revisionId,
      created_at: operation.createdAt,
      started_at: operation.startedAt,
      ended_at: operation.endedAt,
    })
    .execute();
}

export async function findGitSyncOperation(
  db: Executor,
  id: string,
): Promise<GitSyncOperationRecord | undefined> {
  const row = await db
    .selectFrom('git_sync_operations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : toOperation(row);
}

/** The space's oldest operation not yet finished: the one to run next. */
export async function nextGitSyncOperation(
  db: Executor,
  spaceId: string,
): Promise<GitSyncOperationRecord | undefined> {
  const row = await db
    .selectFrom('git_sync_operations')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('status', 'in', ['queued', 'running'])
    .orderBy('sequence')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toOperation(row);
}

/** The space's latest operation, finished or not. */
export async function findLatestGitSyncOperation(
  db: Executor,
  spaceId: string,
): Promise<GitSyncOperationRecord | undefined> {
  const row = await db
    .selectFrom('git_sync_operations')
    .selectAll()
    .where('space_id', '=', spaceId)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toOperation(row);
}

export async function updateGitSyncOperation(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<
      GitSyncOperationRecord,
      'status' | 'failures' | 'error' | 'commit' | 'revisionId' | 'startedAt' | 'endedAt'
    >
  >,
): Promise<void> {
  await db
    .updateTable('git_sync_operations')
    .set({
      ...(changes.status === undefined ? {} : { status: changes.status }),
      ...(changes.failures === undefined ? {} : { failures: changes.failures }),
      ...(changes.error === undefined ? {} : { error: changes.error }),
      ...(changes.commit === undefined ? {} : { commit: changes.commit }),
      ...(changes.revisionId === undefined ? {} : { revision_id: changes.revisionId }),
      ...(changes.startedAt === undefined ? {} : { started_at: changes.startedAt }),
      ...(changes.endedAt === undefined ? {} : { ended_at: changes.endedAt }),
    })
    .where('id', '=', id)
    .execute();
}

export async function findGitSyncState(
  db: Executor,
  spaceId: string,
): Promise<GitSyncStateRecord | undefined> {
  const row = await db
    .selectFrom('git_sync_states')
    .selectAll()
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        spaceId: row.space_id,
        repositoryUrl: row.repository_url,
        branch: row.branch,
        directory: row.directory,
        state: row.state,
        updatedAt: row.updated_at,
      };
}

/** Records what a space and its repository now agree on. */
export async function saveGitSyncState(db: Executor, record: GitSyncStateRecord): Promise<void> {
  const values = {
    repository_url: record.repositoryUrl,
    branch: record.branch,
    directory: record.directory,
    state: record.state,
    updated_at: record.updatedAt,
  };
  await db
    .insertInto('git_sync_states')
    .values({ space_id: record.spaceId, ...values })
    .onConflict((conflict) => conflict.column('space_id').doUpdateSet(values))
    .execute();
}
