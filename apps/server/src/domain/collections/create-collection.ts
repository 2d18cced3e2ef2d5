import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import {
  type CollectionRecord,
  insertCollection,
  lastCollectionPosition,
} from '../../store/collections.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { positionBetween } from '../positions.js';
import { requireCollectionInOrganization } from './collection-lookup.js';

/** What a new collection is made from. */
export interface NewCollection {
  title?: string | undefined;
  description?: string | undefined;
  parent?: string | undefined;
}

/** Creates a collection at the end of its siblings. */
export async function createCollection(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: NewCollection,
  now: Date,
): Promise<CollectionRecord> {
  return db.transaction().execute(async (trx) => {
    const parentId = input.parent ?? null;
    if (parentId !== null) await requireCollectionInOrganization(trx, parentId, organizationId);
    const at = now.toISOString();
    const collection: CollectionRecord = {
      id: newId(),
      organizationId,
      parentId,
      title: input.title ?? '',
      description: input.description ?? null,
      defaultLevel: null,
      position: positionBetween(await lastCollectionPosition(trx, organizationId, parentId), null),
      createdAt: at,
      updatedAt: at,
    };
    await insertCollection(trx, collection);
    await recordEvent(
      trx,
      actor,
      {
        action: 'collection.created',
        organizationId,
        target: { type: 'collection', id: collection.id, label: collection.title },
      },
      now,
    );
    return collection;
  });
}
