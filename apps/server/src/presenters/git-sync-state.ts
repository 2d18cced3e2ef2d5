import type { components } from '@quire/contract';
import type {
  GitSyncConnectionRecord,
  GitSyncOperationRecord,
  GitSyncStateRecord,
} from '../store/git-sync.js';
import type { Urls } from './urls.js';

type GitSyncState = components['schemas']['GitSyncState'];
type GitSyncOperation = components['schemas']['GitSyncOperation'];
type GitConnection = components['schemas']['GitConnection'];

/**
 * A space's Git sync as `getSpaceGitInfo` answers it: the repository of the latest operation
 * (or of the last sync, when there is none), where the two last agreed, and that
 * operation. URLs never carry credentials here: they were taken out when the operation was
 * asked.
 */
export function presentGitSyncState(
  spaceId: string,
  state: GitSyncStateRecord | undefined,
  operation: GitSyncOperationRecord | undefined,
): GitSyncState | undefined {
  const url = operation?.repositoryUrl ?? state?.repositoryUrl;
  if (url === undefined) return undefined;
  const agreed = state !== undefined && state.repositoryUrl === url ? state : undefined;
  const repository = new URL(url);
  return {
    installationId: spaceId,
    installationProvider: providerOf(repository.hostname),
    installationStatus: 'active',
    repoName: repository.pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, ''),
    url,
    branch: operation?.branch ?? agreed?.branch ?? '',
    ...(agreed === undefined ? {} : { directory: agreed.directory }),
    ...(agreed?.commit ? { commit: agreed.commit } : {}),
    ...(agreed?.revisionId ? { revision: agreed.revisionId } : {}),
    ...(operation === undefined ? {} : { operation: presentOperation(operation) }),
    updatedAt: latest(agreed?.updatedAt, operation?.endedAt ?? operation?.createdAt),
  };
}

/** A space's connection, without its credentials or secret (unless just made: `webhookSecret`). */
export function presentGitConnection(
  connection: GitSyncConnectionRecord,
  state: GitSyncStateRecord | undefined,
  operation: GitSyncOperationRecord | undefined,
  urls: Urls,
  webhookSecret?: string,
): GitConnection {
  const agreed = state?.repositoryUrl === connection.repositoryUrl ? state : undefined;
  return {
    object: 'git-connection',
    id: connection.id,
    url: connection.repositoryUrl,
    branch: connection.branch,
    directory: connection.directory,
    hasCredentials: connection.credentials !== null,
    initialSync: connection.initialSync,
    pollInterval: connection.pollIntervalSeconds,
    webhookUrl: urls.gitHook(connection.id),
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
    ...(agreed?.commit ? { commit: agreed.commit } : {}),
    ...(operation === undefined ? {} : { operation: presentOperation(operation) }),
    createdAt: connection.createdAt,
    updatedAt: connection.updatedAt,
    createdBy: connection.createdBy,
  };
}

function presentOperation(operation: GitSyncOperationRecord): GitSyncOperation {
  return {
    state: operation.status,
    direction: operation.direction,
    startedAt: operation.startedAt ?? operation.createdAt,
    ...(operation.endedAt === null ? {} : { endedAt: operation.endedAt }),
    ...(operation.error === null ? {} : { error: operation.error }),
    ...(operation.commit === null ? {} : { commit: operation.commit }),
    ...(operation.revisionId === null ? {} : { revision: operation.revisionId }),
    ...(operation.changeRequestId === null ? {} : { changeRequest: operation.changeRequestId }),
  };
}

function providerOf(host: string): GitSyncState['installationProvider'] {
  if (host === 'github.com' || host.endsWith('.github.com')) return 'github';
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) return 'gitlab';
  return 'git';
}

function latest(a: string | undefined, b: string | undefined): string {
  return (
    [a, b]
      .filter((value): value is string => value !== undefined)
      .sort()
      .at(-1) ?? ''
  );
}
