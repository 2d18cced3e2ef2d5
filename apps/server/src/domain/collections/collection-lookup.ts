import { notFound } from '../../errors.js';
import { type CollectionRecord, findCollectionById } from '../../store/collections.js';
import type { Executor } from '../../store/schema.js';

/** The collection with this id in this organization; anything else is a 404 naming the parent. */
export async function requireCollectionInOrganization(
  db: Executor,
  collectionId: string,
  organizationId: string,
): Promise<CollectionRecord> {
  const collection = await findCollectionById(db, collectionId);
  if (collection === undefined || collection.organizationId !== organizationId) {
    throw notFound(`parent: collection ${collectionId} not found in this organization`);
  }
  return collection;
}
