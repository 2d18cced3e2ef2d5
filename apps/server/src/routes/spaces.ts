import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { createSpace } from '../domain/spaces/create-space.js';
import { duplicateSpace } from '../domain/spaces/duplicate-space.js';
import { moveSpaceTo } from '../domain/spaces/move-space.js';
import {
  findSpaceForCaller,
  listSpacesForCaller,
  loadSpaceForCaller,
} from '../domain/spaces/space-access.js';
import { transferSpaceTo } from '../domain/spaces/transfer-space.js';
import { restoreSpaceFromTrash, trashSpace } from '../domain/spaces/trash.js';
import { updateSpaceSettings } from '../domain/spaces/update-space.js';
import type { HandlerTable } from '../http/handler.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import {
  effectiveSpaceRole,
  requireSpaceRole,
  roleNeededToUpdateSpace,
} from '../policies/space-policy.js';
import { presentKept } from '../presenters/kept-presentation.js';
import { presentList } from '../presenters/list.js';
import { presentSpace } from '../presenters/space.js';
import { pageRequest } from './page-request.js';
import { getSharedSpace } from './shared-space.js';

type SpaceHandlers = Pick<
  HandlerTable,
  | 'listSpacesInOrganizationById'
  | 'createSpace'
  | 'getSpaceById'
  | 'updateSpaceById'
  | 'deleteSpaceById'
  | 'restoreSpace'
  | 'moveSpace'
  | 'transferSpace'
  | 'duplicateSpace'
>;

/** Handlers of the `spaces` tag. */
export const spaceHandlers: SpaceHandlers = {
  listSpacesInOrganizationById: async ({ params, query, actor, deps }) => {
    const { organization, role } = await loadOrganizationForMember(
      deps.db,
      actor,
      params.organizationId,
    );
    const page = await listSpacesForCaller(
      deps.db,
      actor,
      organization.id,
      role,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, ({ space, role: spaceRole }) =>
        presentSpace(space, spaceRole, deps.urls),
      ),
    };
  },

  createSpace: async ({ params, body, actor, deps }) => {
    const { organization, role } = await loadOrganizationForMember(
      deps.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'create', 'create spaces');
    const space = await createSpace(deps.db, actor, organization.id, body ?? {}, deps.clock.now());
    return {
      status: 201,
      body: presentSpace(space, effectiveSpaceRole(role, space), deps.urls),
      headers: { Location: deps.urls.api('spaces', space.id) },
    };
  },

  getSpaceById: async ({ params, query, actor, deps }) => {
    if (query.shareKey !== undefined)
      return getSharedSpace(params.spaceId, query.shareKey, actor, deps);
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    // The space comes from the read cache while nothing changes: its answer is made once.
    const body = presentKept(space, [role, deps.urls], () => presentSpace(space, role, deps.urls));
    return { status: 200, body, sameUntilDatabaseChanges: true };
  },

  updateSpaceById: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, roleNeededToUpdateSpace(body), 'change these settings');
    const updated = await updateSpaceSettings(deps.db, actor, space, body, deps.clock.now());
    return { status: 200, body: presentSpace(updated, role, deps.urls) };
  },

  deleteSpaceById: async ({ params, actor, deps }) => {
    // A space that does not exist, or that the caller cannot see, is already "not there".
    const access = await findSpaceForCaller(deps.db, actor, params.spaceId, { deleted: 'include' });
    if (access === undefined) return { status: 204 };
    requireSpaceRole(access.role, 'admin', 'delete it');
    await trashSpace(deps.db, actor, access.space, deps.clock.now());
    return { status: 204 };
  },

  restoreSpace: async ({ params, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId, {
      deleted: 'include',
    });
    requireSpaceRole(role, 'admin', 'restore it');
    const restored = await restoreSpaceFromTrash(deps.db, actor, space, deps.clock.now());
    return { status: 200, body: presentSpace(restored, role, deps.urls) };
  },

  moveSpace: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'create', 'move it');
    const moved = await moveSpaceTo(deps.db, actor, space, body, deps.clock.now());
    return { status: 200, body: presentSpace(moved, role, deps.urls) };
  },

  transferSpace: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'transfer it');
    const target = await loadOrganizationForMember(deps.db, actor, body.organization);
    requireOrganizationRole(target.role, 'admin', 'receive transferred spaces');
    const transferred = await transferSpaceTo(
      deps.db,
      actor,
      space,
      target.organization.id,
      deps.clock.now(),
    );
    return {
      status: 200,
      body: presentSpace(transferred, effectiveSpaceRole(target.role, transferred), deps.urls),
    };
  },

  duplicateSpace: async ({ params, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'create', 'duplicate it');
    const copy = await duplicateSpace(deps.db, actor, space, deps.headFollowers, deps.clock.now());
    return {
      status: 201,
      body: presentSpace(copy, role, deps.urls),
      headers: { Location: deps.urls.api('spaces', copy.id) },
    };
  },
};
