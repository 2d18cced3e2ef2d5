import { requireUnlockedSpace } from '../domain/change-requests/content-writes.js';
import { connectSpace, disconnectSpace } from '../domain/git-sync/git-connections.js';
import { requestGitSync } from '../domain/git-sync/queue-git-sync.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { importsThroughChangeRequest, requireSpaceRole } from '../policies/space-policy.js';
import { presentGitConnection, presentGitSyncState } from '../presenters/git-sync-state.js';
import type { AppServices } from '../services/app-services.js';
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
  services: AppServices,
  connection: GitSyncConnectionRecord,
  webhookSecret?: string,
) {
  return presentGitConnection(
    connection,
    await findGitSyncState(services.db, connection.spaceId, connection),
    await findLatestGitSyncOperation(services.db, connection.spaceId),
    services.urls,
    webhookSecret,
  );
}

/** Handlers of a space's imports from and exports to Git repositories. */
export const gitSyncHandlers: GitSyncHandlers = {
  importGitRepository: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'edit', 'import a Git repository');
    requireUnlockedSpace(space);
    await requestGitSync(
      services.db,
      services.gitSecrets,
      actor,
      space,
      'import',
      importsThroughChangeRequest(role) ? { ...body, standalone: true } : body,
      { now: services.clock.now(), allowPrivate: services.outboundAllowPrivate },
    );
    return { status: 204 };
  },
  exportToGitRepository: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'export to a Git repository');
    await requestGitSync(services.db, services.gitSecrets, actor, space, 'export', body, {
      now: services.clock.now(),
      allowPrivate: services.outboundAllowPrivate,
    });
    return { status: 204 };
  },
  getSpaceGitInfo: async ({ params, actor, services }) => {
    const { space } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    const operation = await findLatestGitSyncOperation(services.db, space.id);
    const state = presentGitSyncState(
      space.id,
      await findGitSyncState(services.db, space.id, operation),
      operation,
    );
    if (state === undefined) throw notFound('The space was never synced with a Git repository');
    return { status: 200, body: state };
  },
  getSpaceGitConnection: async ({ params, actor, services }) => {
    const { space } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    const connection = await findGitSyncConnection(services.db, space.id);
    if (connection === undefined) throw notFound('The space is not connected to a Git repository');
    return { status: 200, body: await connectionAnswer(services, connection) };
  },
  setSpaceGitConnection: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'connect the space to a Git repository');
    requireUnlockedSpace(space);
    const { connection, webhookSecret } = await connectSpace(
      services.db,
      services.gitSecrets,
      actor,
      space,
      body,
      { now: services.clock.now(), allowPrivate: services.outboundAllowPrivate },
    );
    return { status: 200, body: await connectionAnswer(services, connection, webhookSecret) };
  },
  deleteSpaceGitConnection: async ({ params, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'disconnect the space from its Git repository');
    await disconnectSpace(services.db, actor, space, services.clock.now());
    return { status: 204 };
  },
};
