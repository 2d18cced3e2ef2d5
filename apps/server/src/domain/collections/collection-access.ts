import { notFound } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import { type CollectionRecord, findCollectionById } from '../../store/collections.js';
import { findMemberRole } from '../../store/members.js';
import type { Executor } from '../../store/schema.js';
import type { Actor } from '../actor.js';

/**
 * Loads a collection of an organization the caller is a member of; any other collection is the
 * same 404 as one that does not exist.
 */
export async function loadCollectionForMember(
  db: Executor,
  actor: Actor,
  collectionId: string,
): Promise<{ collection: CollectionRecord; role: MemberRole }> {
  const collection = await findCollectionById(db, collectionId);
  const role = collection && (await findMemberRole(db, collection.organizationId, actor.user.id));
  if (collection === undefined || role === undefined || role === null) {
    throw notFound(`Collection ${collectionId} not found`);
  }
  return { collection, role };
}
