import type { AppDeps } from '../deps.js';
import { requireUnlockedSpace } from '../domain/change-requests/content-writes.js';
import { requestGitSync } from '../domain/git-sync/git-sync-requests.js';
import { secretSealer } from '../domain/instance/sealed-secrets.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { presentGitSyncState } from '../presenters/git-sync-state.js';
import { findGitSyncState, findLatestGitSyncOperation } from '../store/git-sync.js';

type GitSyncHandlers = Pick<
  HandlerTable,
  'importGitRepository' | 'exportToGitRepository' | 'getSpaceGitInfo'
>;

/** The sealer of what Git sync operations were asked with (repository credentials). */
export function gitSyncSealer(deps: AppDeps) {
  return secretSealer(deps.keys.secretsKey, 'quire git sync requests');
}

/** Handlers of a space's imports from and exports to Git repositories. */
export const gitSyncHandlers: GitSyncHandlers = {
  importGitRepository: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'edit', 'import a Git repository');
    requireUnlockedSpace(space);
    await requestGitSync(
      deps.db,
      gitSyncSealer(deps),
      actor,
      space,
      'import',
      body,
      deps.clock.now(),
    );
    return { status: 204 };
  },
  exportToGitRepository: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'edit', 'export to a Git repository');
    await requestGitSync(
      deps.db,
      gitSyncSealer(deps),
      actor,
      space,
      'export',
      body,
      deps.clock.now(),
    );
    return { status: 204 };
  },
  getSpaceGitInfo: async ({ params, actor, deps }) => {
    const { space } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    const state = presentGitSyncState(
      space.id,
      await findGitSyncState(deps.db, space.id),
      await findLatestGitSyncOperation(deps.db, space.id),
    );
    if (state === undefined) throw notFound('The space was never synced with a Git repository');
    return { status: 200, body: state };
  },
};
