import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, SiteShareLinksTable } from './schema.js';

/** A stored share link. The key itself is kept only hashed (to find) and sealed (to show). */
export interface ShareLinkRecord {
  id: string;
  siteId: string;
  name: string | null;
  active: boolean;
  keyHash: string;
  keySealed: string;
  expiresAt: string | null;
  createdAt: string;
}

function toShareLink(row: SiteShareLinksTable): ShareLinkRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    active: row.active === 1,
    keyHash: row.key_hash,
    keySealed: row.key_sealed,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/** Stores a new share link. */
export async function insertShareLink(db: Executor, link: ShareLinkRecord): Promise<void> {
  await db
    .insertInto('site_share_links')
    .values({
      id: link.id,
      site_id: link.siteId,
      name: link.name,
      active: link.active ? 1 : 0,
      key_hash: link.keyHash,
      key_sealed: link.keySealed,
      expires_at: link.expiresAt,
      created_at: link.createdAt,
    })
    .execute();
}

/** The share link with this id on this site, if any. */
export async function findShareLink(
  db: Executor,
  siteId: string,
  id: string,
): Promise<ShareLinkRecord | undefined> {
  const row = await db
    .selectFrom('site_share_links')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toShareLink(row);
}

/** The share link whose key has this hash, if any. */
export async function findShareLinkByKeyHash(
  db: Executor,
  keyHash: string,
): Promise<ShareLinkRecord | undefined> {
  const row = await db
    .selectFrom('site_share_links')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row && toShareLink(row);
}

/** Writes changes to a share link; absent fields stay. */
export async function updateShareLink(
  db: Executor,
  id: string,
  changes: Partial<Pick<ShareLinkRecord, 'name' | 'active' | 'expiresAt'>>,
): Promise<void> {
  await db
    .updateTable('site_share_links')
    .set({
      name: changes.name,
      active: changes.active === undefined ? undefined : changes.active ? 1 : 0,
      expires_at: changes.expiresAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a share link. */
export async function deleteShareLink(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_share_links').where('id', '=', id).execute();
}

/** A page of a site's share links, oldest first. */
export async function listShareLinksOfSite(
  db: Executor,
  siteId: string,
  request: PageRequest,
): Promise<Page<ShareLinkRecord>> {
  const page = await keysetPage(
    db.selectFrom('site_share_links').where('site_id', '=', siteId),
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toShareLink);
}
