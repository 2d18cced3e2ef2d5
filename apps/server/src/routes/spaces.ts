import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import { loadReadableSpace } from '../domain/published/site-readers.js';
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
import { presentCached } from '../presenters/cached-presentation.js';
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
  listSpacesInOrganizationById: async ({ params, query, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listSpacesForCaller(
      services.db,
      actor,
      organization.id,
      role,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, ({ space, role: spaceRole }) =>
        presentSpace(space, spaceRole, services.urls),
      ),
    };
  },

  createSpace: async ({ params, body, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'create', 'create spaces');
    const space = await createSpace(
      services.db,
      actor,
      organization.id,
      body ?? {},
      services.clock.now(),
    );
    return {
      status: 201,
      body: presentSpace(space, effectiveSpaceRole(role, space), services.urls),
      headers: { Location: services.urls.api('spaces', space.id) },
    };
  },

  getSpaceById: async ({ params, query, actor, services }) => {
    if (query.shareKey !== undefined)
      return getSharedSpace(params.spaceId, query.shareKey, actor, services);
    // A site's reader reads the spaces the site publishes to them, with no role of their own.
    const { space, role } = await loadReadableSpace(
      services.db,
      actor,
      params.spaceId,
      services.shareKeys,
      services.clock.now(),
    );
    // The space comes from the read cache while nothing changes: its answer is made once.
    const body = presentCached(space, [role, services.urls], () =>
      presentSpace(space, role, services.urls),
    );
    return { status: 200, body, sameUntilDatabaseChanges: true };
  },

  updateSpaceById: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, roleNeededToUpdateSpace(body), 'change these settings');
    const updated = await updateSpaceSettings(
      services.db,
      actor,
      space,
      body,
      services.clock.now(),
    );
    return { status: 200, body: presentSpace(updated, role, services.urls) };
  },

  deleteSpaceById: async ({ params, actor, services }) => {
    // A space that does not exist, or that the caller cannot see, is already "not there".
    const access = await findSpaceForCaller(services.db, actor, params.spaceId, {
      deleted: 'include',
    });
    if (access === undefined) return { status: 204 };
    requireSpaceRole(access.role, 'admin', 'delete it');
    await trashSpace(services.db, actor, access.space, services.clock.now());
    return { status: 204 };
  },

  restoreSpace: async ({ params, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId, {
      deleted: 'include',
    });
    requireSpaceRole(role, 'admin', 'restore it');
    const restored = await restoreSpaceFromTrash(services.db, actor, space, services.clock.now());
    return { status: 200, body: presentSpace(restored, role, services.urls) };
  },

  moveSpace: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'create', 'move it');
    const moved = await moveSpaceTo(services.db, actor, space, body, services.clock.now());
    return { status: 200, body: presentSpace(moved, role, services.urls) };
  },

  transferSpace: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'admin', 'transfer it');
    const target = await loadOrganizationForMember(services.db, actor, body.organization);
    requireOrganizationRole(target.role, 'admin', 'receive transferred spaces');
    const transferred = await transferSpaceTo(
      services.db,
      actor,
      space,
      target.organization.id,
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSpace(transferred, effectiveSpaceRole(target.role, transferred), services.urls),
    };
  },

  duplicateSpace: async ({ params, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'create', 'duplicate it');
    const copy = await duplicateSpace(
      services.db,
      actor,
      space,
      services.headMoveListeners,
      services.clock.now(),
    );
    return {
      status: 201,
      body: presentSpace(copy, role, services.urls),
      headers: { Location: services.urls.api('spaces', copy.id) },
    };
  },
};
