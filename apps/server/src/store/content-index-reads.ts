import { sql } from 'kysely';
import { type ContentVisibility, contentVisibilities, storedEnum } from '../model/enums.js';
import { isMemberRole, type MemberRole } from '../model/roles.js';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, PageLinksTable } from './schema.js';

/** Which links of a scope a list shows. */
export interface LinkFilter {
  /** The space (`''`) or a change request. */
  scope: string;
  pageId?: string;
  status?: string;
}

function linksIn(db: Executor, spaceId: string, { scope, pageId, status }: LinkFilter) {
  return db
    .selectFrom('page_links')
    .where('space_id', '=', spaceId)
    .where('change_request_id', '=', scope)
    .$if(pageId !== undefined, (query) => query.where('page_id', '=', pageId ?? ''))
    .$if(status !== undefined, (query) => query.where('status', '=', status ?? ''));
}

/** A page of the links of a scope, in page order then document order. */
export function listLinks(
  db: Executor,
  spaceId: string,
  filter: LinkFilter,
  request: PageRequest,
): Promise<Page<PageLinksTable>> {
  return keysetPage(
    linksIn(db, spaceId, filter),
    (query) => query.selectAll(),
    { columns: ['key', 'page_id'], direction: 'asc', cursorOf: (row) => [row.key, row.page_id] },
    request,
  );
}

/** How many links a scope (or one page of it) has, and how many of them are broken. */
export async function countLinks(
  db: Executor,
  spaceId: string,
  filter: Omit<LinkFilter, 'status'>,
): Promise<{ total: number; broken: number }> {
  const row = await linksIn(db, spaceId, filter)
    .select([
      sql<number | string>`count(*)`.as('total'),
      sql<number | string>`sum(case when status = 'broken' then 1 else 0 end)`.as('broken'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), broken: Number(row.broken ?? 0) };
}

/** Broken links written in the space's open change requests (in one page of them, with `pageId`). */
export async function countBrokenInOpenChangeRequests(
  db: Executor,
  spaceId: string,
  pageId?: string,
): Promise<number> {
  const row = await db
    .selectFrom('page_links')
    .innerJoin('change_requests', 'change_requests.id', 'page_links.change_request_id')
    .where('page_links.space_id', '=', spaceId)
    .where('change_requests.space_id', '=', spaceId)
    .where('change_requests.status', '=', 'open')
    .where('page_links.status', '=', 'broken')
    .$if(pageId !== undefined, (query) => query.where('page_links.page_id', '=', pageId ?? ''))
    .select(sql<number | string>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether a change request holds its own version of a page's links. */
export async function changeRequestHasPageLinks(
  db: Executor,
  spaceId: string,
  changeRequestId: string,
  pageId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('change_request_link_pages')
    .select('page_id')
    .where('space_id', '=', spaceId)
    .where('change_request_id', '=', changeRequestId)
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pages a change request holds its own version of the links of. */
export async function changeRequestLinkPages(
  db: Executor,
  spaceId: string,
  changeRequestId: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('change_request_link_pages')
    .select('page_id')
    .where('space_id', '=', spaceId)
    .where('change_request_id', '=', changeRequestId)
    .execute();
  return new Set(rows.map((row) => row.page_id));
}

/** What links point at: a page's path (page and anchor links), or a file's name. */
export type LinkTargetKey = { kind: 'page'; path: string } | { kind: 'file'; name: string };

/** The ids of the pages of a scope with a link to `target`, in id order. */
export async function pagesLinkingTo(
  db: Executor,
  spaceId: string,
  scope: string,
  target: LinkTargetKey,
): Promise<string[]> {
  const rows = await db
    .selectFrom('page_links')
    .select('page_id')
    .distinct()
    .where('space_id', '=', spaceId)
    .where('change_request_id', '=', scope)
    .where('kind', 'in', target.kind === 'page' ? ['page', 'anchor'] : ['file'])
    .where('target', '=', target.kind === 'page' ? target.path : target.name)
    .orderBy('page_id')
    .execute();
  return rows.map((row) => row.page_id);
}

/** A space an organization search may cover, with what decides whether the caller may read it. */
export interface SearchableSpace {
  id: string;
  title: string;
  visibility: ContentVisibility;
  defaultLevel: MemberRole | null;
}

/** The live spaces of an organization, for an organization-wide search. */
export async function liveSpacesOfOrganization(
  db: Executor,
  organizationId: string,
): Promise<SearchableSpace[]> {
  const rows = await db
    .selectFrom('spaces')
    .select(['id', 'title', 'visibility', 'default_level'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    visibility: storedEnum(contentVisibilities, row.visibility, 'visibility'),
    defaultLevel: isMemberRole(row.default_level) ? row.default_level : null,
  }));
}

/**
 * Live spaces whose head has content but nothing of it in the indexes: spaces written before
 * the indexes existed.
 */
export async function spacesMissingFromIndexes(
  db: Executor,
  limit: number,
): Promise<{ id: string; revisionId: string }[]> {
  const rows = await db
    .selectFrom('spaces')
    .innerJoin('revisions', (join) =>
      join
        .onRef('revisions.space_id', '=', 'spaces.id')
        .onRef('revisions.id', '=', 'spaces.revision_id'),
    )
    .select(['spaces.id', 'spaces.revision_id'])
    .where('spaces.deleted_at', 'is', null)
    .where('revisions.root', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('indexed_pages')
            .select('indexed_pages.page_id')
            .whereRef('indexed_pages.space_id', '=', 'spaces.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('indexed_files')
            .select('indexed_files.file_id')
            .whereRef('indexed_files.space_id', '=', 'spaces.id'),
        ),
      ),
    )
    .orderBy('spaces.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, revisionId: row.revision_id }));
}
