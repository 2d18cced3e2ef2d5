import type { Actor } from '../domain/actor.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { listSpaceAccess } from '../domain/spaces/space-access-list.js';
import { grantSpaceRole, revokeSpaceRole, setSpaceRoleOf } from '../domain/spaces/space-grants.js';
import type { HandlerTable } from '../http/handler.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { presentList } from '../presenters/list.js';
import { presentTeam } from '../presenters/team.js';
import { presentUser } from '../presenters/user.js';
import type { Executor } from '../store/schema.js';
import { listTeamGrants, listUserGrants } from '../store/space-grants.js';
import { findTeamsByIds } from '../store/teams.js';
import { pageRequest } from './page-request.js';

type SpacePermissionHandlers = Pick<
  HandlerTable,
  | 'inviteToSpace'
  | 'listUserPermissionsInSpace'
  | 'updateUserPermissionInSpace'
  | 'removeUserFromSpace'
  | 'listTeamPermissionsInSpace'
  | 'updateTeamPermissionInSpace'
  | 'removeTeamFromSpace'
  | 'listPermissionsAggregateInSpace'
>;

/** Loads a space whose access the caller manages: its admins only. */
async function loadSpaceToManage(db: Executor, actor: Actor, spaceId: string) {
  const { space, role } = await loadSpaceForCaller(db, actor, spaceId);
  requireSpaceRole(role, 'admin', 'manage who has access to it');
  return space;
}

/** Handlers of the space access grants: for admins of the space. */
export const spacePermissionHandlers: SpacePermissionHandlers = {
  inviteToSpace: async ({ params, body, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    await grantSpaceRole(deps.db, actor, space, body.role, body, deps.clock.now());
    return { status: 204 };
  },

  listUserPermissionsInSpace: async ({ params, query, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    const page = await listUserGrants(deps.db, space.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (grant) => ({
        role: grant.role,
        user: presentUser(grant.user, deps.urls),
      })),
    };
  },

  updateUserPermissionInSpace: async ({ params, body, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    await setSpaceRoleOf(
      deps.db,
      actor,
      space,
      body.role,
      { user: params.userId },
      deps.clock.now(),
    );
    return { status: 204 };
  },

  removeUserFromSpace: async ({ params, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    await revokeSpaceRole(deps.db, actor, space, { user: params.userId }, deps.clock.now());
    return { status: 204 };
  },

  listTeamPermissionsInSpace: async ({ params, query, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    const page = await listTeamGrants(deps.db, space.id, pageRequest(query));
    const teams = await findTeamsByIds(
      deps.db,
      space.organizationId,
      page.items.map((grant) => grant.teamId),
    );
    const items = page.items.flatMap((grant) => {
      const team = teams.get(grant.teamId);
      return team === undefined
        ? []
        : [{ role: grant.role, team: presentTeam(team, true, deps.urls) }];
    });
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  updateTeamPermissionInSpace: async ({ params, body, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    await setSpaceRoleOf(
      deps.db,
      actor,
      space,
      body.role,
      { team: params.teamId },
      deps.clock.now(),
    );
    return { status: 204 };
  },

  removeTeamFromSpace: async ({ params, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    await revokeSpaceRole(deps.db, actor, space, { team: params.teamId }, deps.clock.now());
    return { status: 204 };
  },

  listPermissionsAggregateInSpace: async ({ params, query, actor, deps }) => {
    const space = await loadSpaceToManage(deps.db, actor, params.spaceId);
    const page = await listSpaceAccess(deps.db, space, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (entry) => ({
        user: presentUser(entry.user, deps.urls),
        role: entry.role,
        sources: entry.sources,
      })),
    };
  },
};
