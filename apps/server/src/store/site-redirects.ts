import type { Selectable } from 'kysely';
import { isRecord } from '../is-record.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, SiteRedirectsTable } from './schema.js';
import { containsIgnoringCase } from './text-filters.js';

/** Where a redirect sends readers: the contract's `SiteRedirectDestination`. */
export type RedirectDestination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

/** A stored redirect of a site. */
export interface SiteRedirectRecord {
  id: string;
  siteId: string;
  /** The contract's `SiteRedirectSourcePath`: `/old`, `/old*` or `/old/*`. */
  source: string;
  /** Not followed by readers while true. */
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  destination: RedirectDestination;
  createdAt: string;
  /** `null` until first updated. */
  updatedAt: string | null;
}

/** How a list of redirects is sorted. */
export type RedirectOrder = 'createdAt' | 'updatedAt' | 'source';

function text(value: Record<string, unknown>, key: string): string {
  const found = value[key];
  if (typeof found !== 'string') throw new Error(`A stored redirect destination lacks ${key}`);
  return found;
}

function toDestination(json: string): RedirectDestination {
  const value: unknown = JSON.parse(json);
  if (!isRecord(value)) throw new Error('A stored redirect destination is not an object');
  switch (value.kind) {
    case 'site-section':
      return { kind: 'site-section', siteSectionId: text(value, 'siteSectionId') };
    case 'site-space':
      return { kind: 'site-space', siteSpaceId: text(value, 'siteSpaceId') };
    case 'site-page':
      return {
        kind: 'site-page',
        siteSpaceId: text(value, 'siteSpaceId'),
        pageId: text(value, 'pageId'),
      };
    case 'external':
      return { kind: 'external', url: text(value, 'url') };
    default:
      throw new Error(`A stored redirect destination has an unknown kind`);
  }
}

function toRedirect(row: Selectable<SiteRedirectsTable>): SiteRedirectRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    source: row.source,
    draft: row.draft === 1,
    captureWildcard: row.capture_wildcard === 1,
    permanent: row.permanent === 1,
    destination: toDestination(row.destination),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(redirect: SiteRedirectRecord): Selectable<SiteRedirectsTable> {
  return {
    id: redirect.id,
    site_id: redirect.siteId,
    source: redirect.source,
    draft: redirect.draft ? 1 : 0,
    capture_wildcard: redirect.captureWildcard ? 1 : 0,
    permanent: redirect.permanent ? 1 : 0,
    destination: JSON.stringify(redirect.destination),
    created_at: redirect.createdAt,
    updated_at: redirect.updatedAt,
    changed_at: redirect.updatedAt ?? redirect.createdAt,
  };
}

/** Stores a new redirect; a source already taken among the site's drafts or live ones throws. */
export async function insertSiteRedirect(
  db: Executor,
  redirect: SiteRedirectRecord,
): Promise<void> {
  await db.insertInto('site_redirects').values(toRow(redirect)).execute();
}

/** Writes a redirect over the stored one with its id. */
export async function replaceSiteRedirect(
  db: Executor,
  redirect: SiteRedirectRecord,
): Promise<void> {
  const { id, site_id: _site, created_at: _created, ...changes } = toRow(redirect);
  await db.updateTable('site_redirects').set(changes).where('id', '=', id).execute();
}

/** Removes a redirect. */
export async function deleteSiteRedirect(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_redirects').where('id', '=', id).execute();
}

/** The redirect with this id on this site, if any. */
export async function findSiteRedirect(
  db: Executor,
  siteId: string,
  id: string,
): Promise<SiteRedirectRecord | undefined> {
  const row = await db
    .selectFrom('site_redirects')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRedirect(row);
}

/** The site's live redirect, or draft, of this source, if any. */
export async function findSiteRedirectBySource(
  db: Executor,
  siteId: string,
  source: string,
  draft: boolean,
): Promise<SiteRedirectRecord | undefined> {
  const row = await db
    .selectFrom('site_redirects')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('draft', '=', draft ? 1 : 0)
    .where('source', '=', source)
    .executeTakeFirst();
  return row && toRedirect(row);
}

/** Every live redirect of a site, by source. */
export async function allLiveSiteRedirects(
  db: Executor,
  siteId: string,
): Promise<SiteRedirectRecord[]> {
  const rows = await db
    .selectFrom('site_redirects')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('draft', '=', 0)
    .orderBy('source')
    .execute();
  return rows.map(toRedirect);
}

const orders = {
  createdAt: { column: 'created_at', direction: 'desc' },
  updatedAt: { column: 'changed_at', direction: 'desc' },
  source: { column: 'source', direction: 'asc' },
} as const;

/** A page of a site's live redirects, or drafts, whose source contains `search`. */
export async function listSiteRedirects(
  db: Executor,
  siteId: string,
  filter: { draft: boolean; search?: string | undefined; orderBy: RedirectOrder },
  request: PageRequest,
): Promise<Page<SiteRedirectRecord>> {
  const { column, direction } = orders[filter.orderBy];
  const search = filter.search;
  const page = await keysetPage(
    db
      .selectFrom('site_redirects')
      .where('site_id', '=', siteId)
      .where('draft', '=', filter.draft ? 1 : 0)
      .$if(search !== undefined && search !== '', (query) =>
        query.where(containsIgnoringCase('source', search ?? '')),
      ),
    (query) => query.selectAll(),
    {
      columns: [column, 'id'],
      direction,
      cursorOf: (row) => [row[column], row.id],
    },
    request,
  );
  return mapPage(page, toRedirect);
}
