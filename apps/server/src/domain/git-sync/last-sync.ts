import { findGitSyncState, saveGitSyncState } from '../../store/git-sync.js';
import type { GitRemote } from './git-repository.js';
import type { GitSyncServices } from './sync-services.js';
import { emptySyncState, type SyncState } from './sync-state.js';

/**
 * What a space last agreed on with a repository's branch and folder (each has an lastSync of
 * its own); nothing yet, the first time.
 */
export async function loadLastSync(
  services: GitSyncServices,
  spaceId: string,
  remote: GitRemote,
  directory: string,
): Promise<SyncState> {
  const record = await findGitSyncState(services.db, spaceId, {
    repositoryUrl: remote.url,
    branch: remote.branch,
    directory,
  });
  if (record === undefined) return emptySyncState;
  const places = JSON.parse(record.state) as Omit<SyncState, 'revisionId' | 'commit'>;
  return { ...places, revisionId: record.revisionId, commit: record.commit };
}

/** Records what a space and a repository's branch and folder now agree on. */
export async function saveLastSync(
  services: GitSyncServices,
  spaceId: string,
  remote: GitRemote,
  directory: string,
  state: SyncState,
): Promise<void> {
  await saveGitSyncState(services.db, {
    spaceId,
    repositoryUrl: remote.url,
    branch: remote.branch,
    directory,
    revisionId: state.revisionId,
    commit: state.commit,
    state: JSON.stringify({
      pages: state.pages,
      files: state.files,
      includes: state.includes,
      variables: state.variables,
    }),
    updatedAt: services.now().toISOString(),
  });
}
