import { conflict } from '../../errors.js';
import type { GitSyncConnectionRecord } from '../../store/git-sync.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import type { GitRemote } from './git-repository.js';
import { directoryOf, remoteOf } from './git-sync-request.js';
import type { SealedSyncRequest } from './queue-git-sync.js';

/** Where one operation syncs with, and how. */
export interface SyncTarget {
  remote: GitRemote;
  directory: string;
  commitMessage?: string;
  force?: boolean;
  standalone?: boolean;
}

/**
 * The repository an operation syncs with: the one its request named, or its connection's as
 * the connection is now (its credentials may have changed since it was queued). An operation
 * whose connection was removed fails saying so.
 */
export function syncTargetOf(
  request: SealedSyncRequest,
  connection: GitSyncConnectionRecord | undefined,
  sealer: SecretSealer,
): SyncTarget {
  if (!('connection' in request)) {
    return {
      remote: remoteOf(request),
      directory: directoryOf(request),
      ...(request.commitMessage === undefined ? {} : { commitMessage: request.commitMessage }),
      ...(request.force === undefined ? {} : { force: request.force }),
      ...(request.standalone === undefined ? {} : { standalone: request.standalone }),
    };
  }
  if (connection === undefined || connection.id !== request.connection) {
    throw conflict('The space is no longer connected to that repository');
  }
  const credentials =
    connection.credentials === null
      ? undefined
      : (JSON.parse(sealer.open(connection.credentials)) as GitRemote['credentials']);
  return {
    remote: {
      url: connection.repositoryUrl,
      branch: connection.branch,
      ...(credentials === undefined ? {} : { credentials }),
    },
    directory: connection.directory,
    ...(request.commitMessage === undefined ? {} : { commitMessage: request.commitMessage }),
  };
}
