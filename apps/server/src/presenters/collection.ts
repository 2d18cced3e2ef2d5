import type { Collection } from '@quire/contract';
import type { MemberRole } from '../model/roles.js';
import { collectionPermissions } from '../policies/collection-policy.js';
import type { CollectionRecord } from '../store/collections.js';
import type { Urls } from './urls.js';

/** A stored collection as the API shows it to a caller with `role` in its organization. */
export function presentCollection(
  collection: CollectionRecord,
  role: MemberRole | null,
  urls: Urls,
): Collection {
  return {
    object: 'collection',
    id: collection.id,
    title: collection.title,
    ...(collection.description === null ? {} : { description: collection.description }),
    organization: collection.organizationId,
    ...(collection.parentId === null ? {} : { parent: collection.parentId }),
    defaultLevel: collection.defaultLevel,
    urls: {
      location: urls.api('collections', collection.id),
      app: urls.app('collections', collection.id),
    },
    permissions: collectionPermissions(role),
  };
}
