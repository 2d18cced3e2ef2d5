import type { Selectable } from 'kysely';
import type { Executor, GitSyncConnectionsTable, GitSyncOperationsTable } from './schema.js';

export type GitSyncDirection = 'import' | 'export';
export type GitSyncStatus = 'queued' | 'running' | 'success' | 'failure';

/** An import or export of a space, asked for and run in order. */
export interface GitSyncOperationRecord {
  id: string;
  spaceId: string;
  direction: GitSyncDirection;
  /** The connection that queued it, whose repository it syncs with. */
  connectionId: string | null;
  /** The job that runs it, hurried when the operation before it ends. */
  jobId: string | null;
  /** Where an import that met edits of the space left the repository's version. */
  changeRequestId: string | null;
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
  /** The revision that mirrors the repository as last agreed; `null` before any. */
  revisionId: string | null;
  /** The commit last agreed on; `null` before any. */
  commit: string | null;
  /** Each page's, file's and reusable content's place in the repository, as JSON. */
  state: string;
  updatedAt: string;
}

function toOperation(row: Selectable<GitSyncOperationsTable>): GitSyncOperationRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    direction: row.direction === 'import' ? 'import' : 'export',
    connectionId: row.connection_id,
    jobId: row.job_id,
    changeRequestId: row.change_request_id,
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

/** Stores an operation; its id (a UUIDv7) places it after those asked for before it. */
export async function insertGitSyncOperation(
  db: Executor,
  operation: GitSyncOperationRecord,
): Promise<void> {
  await db
    .insertInto('git_sync_operations')
    .values({
      id: operation.id,
      space_id: operation.spaceId,
      direction: operation.direction,
      connection_id: operation.connectionId,
      job_id: operation.jobId,
      change_request_id: operation.changeRequestId,
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
    .orderBy('id')
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
    .orderBy('id', 'desc')
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
      | 'status'
      | 'failures'
      | 'error'
      | 'commit'
      | 'revisionId'
      | 'changeRequestId'
      | 'startedAt'
      | 'endedAt'
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
      ...(changes.changeRequestId === undefined
        ? {}
        : { change_request_id: changes.changeRequestId }),
      ...(changes.startedAt === undefined ? {} : { started_at: changes.startedAt }),
      ...(changes.endedAt === undefined ? {} : { ended_at: changes.endedAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** Where in a repository a space is synced: what its last syncs are kept by. */
export interface GitSyncPlace {
  repositoryUrl: string;
  branch: string;
  directory?: string;
}

/**
 * What a space last agreed on with a repository's branch (and folder, when given); without a
 * place, its latest sync with any.
 */
export async function findGitSyncState(
  db: Executor,
  spaceId: string,
  place?: GitSyncPlace,
): Promise<GitSyncStateRecord | undefined> {
  let query = db.selectFrom('git_sync_states').selectAll().where('space_id', '=', spaceId);
  if (place !== undefined) {
    query = query
      .where('repository_url', '=', place.repositoryUrl)
      .where('branch', '=', place.branch);
    if (place.directory !== undefined) query = query.where('directory', '=', place.directory);
  }
  const row = await query.orderBy('updated_at', 'desc').limit(1).executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        spaceId: row.space_id,
        repositoryUrl: row.repository_url,
        branch: row.branch,
        directory: row.directory,
        revisionId: row.revision_id,
        commit: row.commit,
        state: row.state,
        updatedAt: row.updated_at,
      };
}

/** Records what a space and its repository now agree on. */
export async function saveGitSyncState(db: Executor, record: GitSyncStateRecord): Promise<void> {
  const values = {
    revision_id: record.revisionId,
    commit: record.commit,
    state: record.state,
    updated_at: record.updatedAt,
  };
  await db
    .insertInto('git_sync_states')
    .values({
      space_id: record.spaceId,
      repository_url: record.repositoryUrl,
      branch: record.branch,
      directory: record.directory,
      ...values,
    })
    .onConflict((conflict) =>
      conflict.columns(['space_id', 'repository_url', 'branch', 'directory']).doUpdateSet(values),
    )
    .execute();
}

/** The repository a space is kept in step with. */
export interface GitSyncConnectionRecord {
  spaceId: string;
  id: string;
  repositoryUrl: string;
  branch: string;
  directory: string;
  /** `{username, password}` as JSON, sealed; `null` for a public repository. */
  credentials: string | null;
  /** Sealed. */
  webhookSecret: string;
  initialSync: GitSyncDirection;
  pollIntervalSeconds: number;
  polledAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

function toConnection(row: Selectable<GitSyncConnectionsTable>): GitSyncConnectionRecord {
  return {
    spaceId: row.space_id,
    id: row.id,
    repositoryUrl: row.repository_url,
    branch: row.branch,
    directory: row.directory,
    credentials: row.credentials,
    webhookSecret: row.webhook_secret,
    initialSync: row.initial_sync === 'import' ? 'import' : 'export',
    pollIntervalSeconds: row.poll_interval_seconds,
    polledAt: row.polled_at,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findGitSyncConnection(
  db: Executor,
  spaceId: string,
): Promise<GitSyncConnectionRecord | undefined> {
  const row = await db
    .selectFrom('git_sync_connections')
    .selectAll()
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return row === undefined ? undefined : toConnection(row);
}

export async function findGitSyncConnectionById(
  db: Executor,
  id: string,
): Promise<GitSyncConnectionRecord | undefined> {
  const row = await db
    .selectFrom('git_sync_connections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : toConnection(row);
}

/** Connections that poll and whose last poll is older than their interval, or that never polled. */
export async function listGitSyncConnectionsDueForPoll(
  db: Executor,
  now: Date,
): Promise<GitSyncConnectionRecord[]> {
  const rows = await db
    .selectFrom('git_sync_connections')
    .selectAll()
    .where('poll_interval_seconds', '>', 0)
    .execute();
  return rows
    .map(toConnection)
    .filter(
      (connection) =>
        connection.polledAt === null ||
        Date.parse(connection.polledAt) + connection.pollIntervalSeconds * 1000 <= now.getTime(),
    );
}

/** Stores a space's connection, replacing the one it had. */
export async function saveGitSyncConnection(
  db: Executor,
  connection: GitSyncConnectionRecord,
): Promise<void> {
  const values = {
    id: connection.id,
    repository_url: connection.repositoryUrl,
    branch: connection.branch,
    directory: connection.directory,
    credentials: connection.credentials,
    webhook_secret: connection.webhookSecret,
    initial_sync: connection.initialSync,
    poll_interval_seconds: connection.pollIntervalSeconds,
    polled_at: connection.polledAt,
    created_by: connection.createdBy,
    created_at: connection.createdAt,
    updated_at: connection.updatedAt,
  };
  await db
    .insertInto('git_sync_connections')
    .values({ space_id: connection.spaceId, ...values })
    .onConflict((conflict) => conflict.column('space_id').doUpdateSet(values))
    .execute();
}

export async function markGitSyncConnectionPolled(
  db: Executor,
  spaceId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('git_sync_connections')
    .set({ polled_at: at })
    .where('space_id', '=', spaceId)
    .execute();
}

export async function deleteGitSyncConnection(db: Executor, spaceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('git_sync_connections')
    .where('space_id', '=', spaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the space has an import waiting that no run has started. */
export async function hasQueuedGitImport(db: Executor, spaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('git_sync_operations')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('direction', '=', 'import')
    .where('status', '=', 'queued')
    .where('started_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
