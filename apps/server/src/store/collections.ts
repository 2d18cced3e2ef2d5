import { isMemberRole, type MemberRole } from '../model/roles.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { CollectionsTable, Executor } from './schema.js';

/** A stored collection. */
export interface CollectionRecord {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  description: string | null;
  defaultLevel: MemberRole | null;
  position: string;
  createdAt: string;
  updatedAt: string;
}

function toCollection(row: CollectionsTable): CollectionRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id,
    title: row.title,
    description: row.description,
    defaultLevel: isMemberRole(row.default_level) ? row.default_level : null,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a new collection. */
export async function insertCollection(db: Executor, collection: CollectionRecord): Promise<void> {
  await db
    .insertInto('collections')
    .values({
      id: collection.id,
      organization_id: collection.organizationId,
      parent_id: collection.parentId,
      title: collection.title,
      description: collection.description,
      default_level: collection.defaultLevel,
      position: collection.position,
      created_at: collection.createdAt,
      updated_at: collection.updatedAt,
    })
    .execute();
}

/** The collection with this id, if any. */
export async function findCollectionById(
  db: Executor,
  id: string,
): Promise<CollectionRecord | undefined> {
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toCollection(row);
}

/** The highest position among the collections of one parent, or `null` when there are none. */
export async function lastCollectionPosition(
  db: Executor,
  organizationId: string,
  parentId: string | null,
): Promise<string | null> {
  const row = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('organization_id', '=', organizationId)
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirst();
  return row?.position ?? null;
}

/** A page of an organization's collections, oldest first. */
export async function listCollectionsInOrganization(
  db: Executor,
  organizationId: string,
  request: PageRequest,
): Promise<Page<CollectionRecord>> {
  const page = await keysetPage(
    db.selectFrom('collections').where('organization_id', '=', organizationId),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toCollection);
}
