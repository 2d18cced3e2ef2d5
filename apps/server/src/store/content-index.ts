import { sql } from 'kysely';
import { chunks } from './chunks.js';
import type { Executor } from './schema.js';
import { type IndexedPage, removePageSections } from './search/search-sections.js';

/** A link as it is stored: where it is written, what it points to, and its state. */
export interface StoredLink {
  pageId: string;
  position: number;
  /** `page`, `anchor` (a page path too), `file` (a file name), `in-app` or `external` (URLs). */
  kind: 'page' | 'anchor' | 'file' | 'in-app' | 'external';
  target: string;
  anchor: string;
  text: string;
  status: 'ok' | 'broken' | 'in-app';
}

/** The space itself, as the `change_request_id` of its rows. */
export const spaceScope = '';

/** The indexed pages of a space with these ids. */
export async function findIndexedPages(
  db: Executor,
  spaceId: string,
  pageIds: readonly string[],
): Promise<IndexedPage[]> {
  const found: IndexedPage[] = [];
  for (const ids of chunks(pageIds)) {
    const rows = await db
      .selectFrom('indexed_pages')
      .select(['page_id', 'title', 'path'])
      .where('space_id', '=', spaceId)
      .where('page_id', 'in', ids)
      .execute();
    found.push(...rows.map((row) => ({ id: row.page_id, title: row.title, path: row.path })));
  }
  return found;
}

/** Records pages of the space's head (their titles and paths), replacing what was there. */
export async function putIndexedPages(
  db: Executor,
  spaceId: string,
  pages: readonly IndexedPage[],
): Promise<void> {
  for (const part of chunks(pages)) {
    await db
      .insertInto('indexed_pages')
      .values(
        part.map((page) => ({
          space_id: spaceId,
          page_id: page.id,
          title: page.title,
          path: page.path,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['space_id', 'page_id']).doUpdateSet((update) => ({
          title: update.ref('excluded.title'),
          path: update.ref('excluded.path'),
        })),
      )
      .execute();
  }
}

/** Forgets pages of the space's head: their record, sections and links. */
export async function removeIndexedPages(
  db: Executor,
  spaceId: string,
  pageIds: readonly string[],
): Promise<void> {
  for (const ids of chunks(pageIds)) {
    await db
      .deleteFrom('indexed_pages')
      .where('space_id', '=', spaceId)
      .where('page_id', 'in', ids)
      .execute();
  }
  await removePageSections(db, spaceId, pageIds);
  await replaceLinksOfPages(db, spaceId, spaceScope, pageIds, []);
}

/** Records or forgets files of the space's head, by name. */
export async function putIndexedFiles(
  db: Executor,
  spaceId: string,
  put: readonly { id: string; name: string }[],
  removed: readonly string[],
): Promise<void> {
  for (const ids of chunks(removed)) {
    await db
      .deleteFrom('indexed_files')
      .where('space_id', '=', spaceId)
      .where('file_id', 'in', ids)
      .execute();
  }
  for (const part of chunks(put)) {
    await db
      .insertInto('indexed_files')
      .values(part.map((file) => ({ space_id: spaceId, file_id: file.id, name: file.name })))
      .onConflict((conflict) =>
        conflict
          .columns(['space_id', 'file_id'])
          .doUpdateSet((update) => ({ name: update.ref('excluded.name') })),
      )
      .execute();
  }
}

/** The file ids of the space's head with these names. */
export async function findIndexedFilesByName(
  db: Executor,
  spaceId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(names)])) {
    const rows = await db
      .selectFrom('indexed_files')
      .select(['file_id', 'name'])
      .where('space_id', '=', spaceId)
      .where('name', 'in', part)
      .execute();
    for (const row of rows) found.set(row.name, row.file_id);
  }
  return found;
}

/** The page ids of the space's head at these paths. */
export async function findIndexedPagesByPath(
  db: Executor,
  spaceId: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(paths)])) {
    const rows = await db
      .selectFrom('indexed_pages')
      .select(['page_id', 'path'])
      .where('space_id', '=', spaceId)
      .where('path', 'in', part)
      .execute();
    for (const row of rows) found.set(row.path, row.page_id);
  }
  return found;
}

/**
 * Replaces the links of pages in `scope` (the space's head or a change request) with `links`,
 * which are all the links those pages hold: a page with none keeps none.
 */
export async function replaceLinksOfPages(
  db: Executor,
  spaceId: string,
  scope: string,
  pageIds: readonly string[],
  links: readonly StoredLink[],
): Promise<void> {
  for (const ids of chunks(pageIds)) {
    await db
      .deleteFrom('page_links')
      .where('space_id', '=', spaceId)
      .where('change_request_id', '=', scope)
      .where('page_id', 'in', ids)
      .execute();
  }
  for (const part of chunks(links)) {
    await db
      .insertInto('page_links')
      .values(
        part.map((link) => ({
          space_id: spaceId,
          change_request_id: scope,
          key: linkKey(link.pageId, link.position),
          page_id: link.pageId,
          kind: link.kind,
          target: link.target,
          anchor: link.anchor,
          text: link.text,
          status: link.status,
        })),
      )
      .execute();
  }
}

/** The key of a link: its page, then its place in the page, so a list reads in page order. */
export function linkKey(pageId: string, position: number): string {
  return `${pageId}/${String(position).padStart(6, '0')}`;
}

// Whether a link of the space's head reaches its target, from the indexed pages, sections and
// files of the head: what makes it `broken` is the state of other pages, so it is recomputed
// whenever the pages or files it may point to change.
const headLinkStatus = sql<string>`CASE
  WHEN page_links.kind = 'external' THEN 'ok'
  WHEN page_links.kind = 'in-app' THEN 'in-app'
  WHEN page_links.kind = 'file' THEN CASE WHEN EXISTS (
    SELECT 1 FROM indexed_files f
    WHERE f.space_id = page_links.space_id AND f.name = page_links.target
  ) THEN 'ok' ELSE 'broken' END
  ELSE CASE WHEN EXISTS (
    SELECT 1 FROM indexed_pages p
    WHERE p.space_id = page_links.space_id AND p.path = page_links.target
      AND (page_links.anchor = '' OR EXISTS (
        SELECT 1 FROM indexed_sections s
        WHERE s.space_id = p.space_id AND s.page_id = p.page_id AND s.anchor = page_links.anchor
      ))
  ) THEN 'ok' ELSE 'broken' END
END`;

/**
 * Recomputes the state of the head's links that a change may have made or broken: those written
 * in `pageIds`, those pointing at `paths`, and those pointing at files named `fileNames`.
 */
export async function refreshLinkStatus(
  db: Executor,
  spaceId: string,
  affected: { pageIds: readonly string[]; paths: readonly string[]; fileNames: readonly string[] },
): Promise<void> {
  const update = () =>
    db
      .updateTable('page_links')
      .set({ status: headLinkStatus })
      .where('space_id', '=', spaceId)
      .where('change_request_id', '=', spaceScope);
  for (const ids of chunks([...new Set(affected.pageIds)])) {
    await update().where('page_id', 'in', ids).execute();
  }
  for (const paths of chunks([...new Set(affected.paths)])) {
    await update().where('kind', 'in', ['page', 'anchor']).where('target', 'in', paths).execute();
  }
  for (const names of chunks([...new Set(affected.fileNames)])) {
    await update().where('kind', '=', 'file').where('target', 'in', names).execute();
  }
}

/** Marks the pages whose links a change request holds its own version of. */
export async function markChangeRequestLinkPages(
  db: Executor,
  spaceId: string,
  changeRequestId: string,
  pageIds: readonly string[],
): Promise<void> {
  for (const ids of chunks([...new Set(pageIds)])) {
    await db
      .insertInto('change_request_link_pages')
      .values(
        ids.map((pageId) => ({
          space_id: spaceId,
          change_request_id: changeRequestId,
          page_id: pageId,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
