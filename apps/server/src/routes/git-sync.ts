import type { AppDeps } from '../deps.js';
import { requireUnlockedSpace } from '../domain/change-requests/content-writes.js';
import { connectSpace, disconnectSpace } from '../domain/git-sync/git-connections.js';
import { gitSyncSealer } from '../domain/git-sync/git-sync-sealer.js';
import { requestGitSync } from '../domain/git-sync/queue-git-sync.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { presentGitConnection, presentGitSyncState } from '../presenters/git-sync-state.js';
import {
  findGitSyncConnection,
  findGitSyncState,
  findLatestGitSyncOperation,
  type GitSyncConnectionRecord,
} from '../store/git-sync.js';

type GitSyncHandlers = Pick<
  HandlerTable,
  | 'importGitRepository'
  | 'exportToGitRepository'
  | 'getSpaceGitInfo'
  | 'getSpaceGitConnection'
  | 'setSpaceGitConnection'
  | 'deleteSpaceGitConnection'
>;

/** A connection as answered, with where the space and the repository stand. */
async function connectionAnswer(
  deps: AppDeps,
  connection: GitSyncConnectionRecord,
  webhookSecret?: string,
) {
  return presentGitConnection(
    connection,
    await findGitSyncState(deps.db, connection.spaceId, connection),
    await findLatestGitSyncOperation(deps.db, connection.spaceId),
    deps.urls,
    webhookSecret,
  );
}

/** Handlers of a space's imports from and exports to Git repositories. */
export const gitSyncHandlers: GitSyncHandlers = {
  importGitRepository: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'edit', 'import a Git repository');
    requireUnlockedSpace(space);
    await requestGitSync(
      deps.db,
      gitSyncSealer(deps.keys.secretsKey),
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
      gitSyncSealer(deps.keys.secretsKey),
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
    const operation = await findLatestGitSyncOperation(deps.db, space.id);
    const state = presentGitSyncState(
      space.id,
      await findGitSyncState(deps.db, space.id, operation),
      operation,
    );
    if (state === undefined) throw notFound('The space was never synced with a Git repository');
    return { status: 200, body: state };
  },
  getSpaceGitConnection: async ({ params, actor, deps }) => {
    const { space } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    const connection = await findGitSyncConnection(deps.db, space.id);
    if (connection === undefined) throw notFound('The space is not connected to a Git repository');
    return { status: 200, body: await connectionAnswer(deps, connection) };
  },
  setSpaceGitConnection: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'connect the space to a Git repository');
    requireUnlockedSpace(space);
    const { connection, webhookSecret } = await connectSpace(
      deps.db,
      gitSyncSealer(deps.keys.secretsKey),
      actor,
      space,
      body,
      deps.clock.now(),
    );
    return { status: 200, body: await connectionAnswer(deps, connection, webhookSecret) };
  },
  deleteSpaceGitConnection: async ({ params, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'disconnect the space from its Git repository');
    await disconnectSpace(deps.db, actor, space, deps.clock.now());
    return { status: 204 };
  },
};
