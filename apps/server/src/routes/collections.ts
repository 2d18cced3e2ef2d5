import { loadCollectionForMember } from '../domain/collections/collection-access.js';
import { createCollection } from '../domain/collections/create-collection.js';
import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import type { HandlerTable } from '../http/handler.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import { presentCollection } from '../presenters/collection.js';
import { presentList } from '../presenters/list.js';
import { listCollectionsInOrganization } from '../store/collections.js';
import { pageRequest } from './page-request.js';

type CollectionHandlers = Pick<
  HandlerTable,
  'listCollectionsInOrganizationById' | 'createCollection' | 'getCollectionById'
>;

/** Handlers of the `collections` tag. */
export const collectionHandlers: CollectionHandlers = {
  listCollectionsInOrganizationById: async ({ params, query, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listCollectionsInOrganization(
      services.db,
      organization.id,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (item) => presentCollection(item, role, services.urls)),
    };
  },

  createCollection: async ({ params, body, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'create', 'create collections');
    const collection = await createCollection(
      services.db,
      actor,
      organization.id,
      body ?? {},
      services.clock.now(),
    );
    return {
      status: 201,
      body: presentCollection(collection, role, services.urls),
      headers: { Location: services.urls.api('collections', collection.id) },
    };
  },

  getCollectionById: async ({ params, actor, services }) => {
    const { collection, role } = await loadCollectionForMember(
      services.db,
      actor,
      params.collectionId,
    );
    return { status: 200, body: presentCollection(collection, role, services.urls) };
  },
};
