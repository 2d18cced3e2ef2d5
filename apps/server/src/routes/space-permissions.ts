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
  inviteToSpace: async ({ params, body, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    await grantSpaceRole(services.db, actor, space, body.role, body, services.clock.now());
    return { status: 204 };
  },

  listUserPermissionsInSpace: async ({ params, query, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    const page = await listUserGrants(services.db, space.id, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (grant) => ({
        role: grant.role,
        user: presentUser(grant.user, services.urls),
      })),
    };
  },

  updateUserPermissionInSpace: async ({ params, body, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    await setSpaceRoleOf(
      services.db,
      actor,
      space,
      body.role,
      { user: params.userId },
      services.clock.now(),
    );
    return { status: 204 };
  },

  removeUserFromSpace: async ({ params, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    await revokeSpaceRole(services.db, actor, space, { user: params.userId }, services.clock.now());
    return { status: 204 };
  },

  listTeamPermissionsInSpace: async ({ params, query, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    const page = await listTeamGrants(services.db, space.id, pageRequest(query));
    const teams = await findTeamsByIds(
      services.db,
      space.organizationId,
      page.items.map((grant) => grant.teamId),
    );
    const items = page.items.flatMap((grant) => {
      const team = teams.get(grant.teamId);
      return team === undefined
        ? []
        : [{ role: grant.role, team: presentTeam(team, true, services.urls) }];
    });
    return { status: 200, body: presentList({ ...page, items }, (item) => item) };
  },

  updateTeamPermissionInSpace: async ({ params, body, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    await setSpaceRoleOf(
      services.db,
      actor,
      space,
      body.role,
      { team: params.teamId },
      services.clock.now(),
    );
    return { status: 204 };
  },

  removeTeamFromSpace: async ({ params, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    await revokeSpaceRole(services.db, actor, space, { team: params.teamId }, services.clock.now());
    return { status: 204 };
  },

  listPermissionsAggregateInSpace: async ({ params, query, actor, services }) => {
    const space = await loadSpaceToManage(services.db, actor, params.spaceId);
    const page = await listSpaceAccess(services.db, space, pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (entry) => ({
        user: presentUser(entry.user, services.urls),
        role: entry.role,
        sources: entry.sources,
      })),
    };
  },
};
