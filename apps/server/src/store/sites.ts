import type { components } from '@quire/contract';
import { storedEnum } from '../model/enums.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { Executor, SitesTable } from './schema.js';
import { containsIgnoringCase } from './text-filters.js';

type Schemas = components['schemas'];
export type SiteType = Schemas['SiteType'];
export type SiteVisibility = Schemas['SiteVisibility'];
export type SiteAgentsContext = Schemas['SiteAgentsContext'];
export const siteTypes = [
  'basic',
  'premium',
  'ultimate',
  'sponsored',
  'legacy-basic',
  'legacy-premium',
] as const satisfies readonly SiteType[];
const siteVisibilities = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
] as const satisfies readonly SiteVisibility[];

/** A stored site. */
export interface SiteRecord {
  id: string;
  organizationId: string;
  title: string;
  type: SiteType;
  visibility: SiteVisibility;
  published: boolean;
  basename: string | null;
  proxy: string | null;
  adaptiveContent: boolean;
  agentsContext: SiteAgentsContext;
  defaultSectionId: string | null;
  defaultSiteSpaceId: string | null;
  /** The stored JSON Schema of visitor claims, as JSON text; `null`: none yet. */
  adaptiveSchema: string | null;
  adaptiveSchemaUpdatedAt: string | null;
  /** Customization settings, as JSON text. */
  customization: string;
  createdAt: string;
  updatedAt: string;
}

/** The fields of a site that writes change. */
export type SiteChanges = Partial<Omit<SiteRecord, 'id' | 'organizationId' | 'createdAt'>> & {
  updatedAt: string;
};

function toSite(row: SitesTable): SiteRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    title: row.title,
    type: storedEnum(siteTypes, row.type, 'site type'),
    visibility: storedEnum(siteVisibilities, row.visibility, 'site visibility'),
    published: row.published === 1,
    basename: row.basename,
    proxy: row.proxy,
    adaptiveContent: row.adaptive_content === 1,
    agentsContext: row.agents_context === 'included' ? 'included' : 'excluded',
    defaultSectionId: row.default_section_id,
    defaultSiteSpaceId: row.default_site_space_id,
    adaptiveSchema: row.adaptive_schema,
    adaptiveSchemaUpdatedAt: row.adaptive_schema_updated_at,
    customization: row.customization,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a new site. */
export async function insertSite(db: Executor, site: SiteRecord): Promise<void> {
  await db
    .insertInto('sites')
    .values({
      id: site.id,
      organization_id: site.organizationId,
      title: site.title,
      type: site.type,
      visibility: site.visibility,
      published: site.published ? 1 : 0,
      basename: site.basename,
      proxy: site.proxy,
      adaptive_content: site.adaptiveContent ? 1 : 0,
      agents_context: site.agentsContext,
      default_section_id: site.defaultSectionId,
      default_site_space_id: site.defaultSiteSpaceId,
      adaptive_schema: site.adaptiveSchema,
      adaptive_schema_updated_at: site.adaptiveSchemaUpdatedAt,
      customization: site.customization,
      created_at: site.createdAt,
      updated_at: site.updatedAt,
    })
    .execute();
}

/** The site with this id in this organization, if any. */
export async function findSiteInOrganization(
  db: Executor,
  organizationId: string,
  siteId: string,
): Promise<SiteRecord | undefined> {
  const row = await db
    .selectFrom('sites')
    .selectAll()
    .where('id', '=', siteId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row && toSite(row);
}

/** The site with this id, if any. */
export async function findSiteById(db: Executor, siteId: string): Promise<SiteRecord | undefined> {
  const row = await db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
  return row && toSite(row);
}

/** Writes changes to a site; absent fields stay. */
export async function updateSite(db: Executor, id: string, changes: SiteChanges): Promise<void> {
  const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  await db
    .updateTable('sites')
    .set({
      title: changes.title,
      type: changes.type,
      visibility: changes.visibility,
      published: bit(changes.published),
      basename: changes.basename,
      proxy: changes.proxy,
      adaptive_content: bit(changes.adaptiveContent),
      agents_context: changes.agentsContext,
      default_section_id: changes.defaultSectionId,
      default_site_space_id: changes.defaultSiteSpaceId,
      adaptive_schema: changes.adaptiveSchema,
      adaptive_schema_updated_at: changes.adaptiveSchemaUpdatedAt,
      customization: changes.customization,
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a site; its structure and share links go with it (foreign keys cascade). */
export async function deleteSite(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_spaces').where('site_id', '=', id).execute();
  await db.deleteFrom('site_sections').where('site_id', '=', id).execute();
  await db.deleteFrom('site_section_groups').where('site_id', '=', id).execute();
  await db.deleteFrom('site_share_links').where('site_id', '=', id).execute();
  await db.deleteFrom('sites').where('id', '=', id).execute();
}

/** What a site list may be filtered by. */
export interface SiteFilters {
  space?: string | undefined;
  title?: string | undefined;
  published?: boolean | undefined;
  types?: readonly SiteType[] | undefined;
}

/** A page of an organization's sites, oldest first. */
export async function listSitesInOrganization(
  db: Executor,
  organizationId: string,
  filters: SiteFilters,
  request: PageRequest,
): Promise<Page<SiteRecord>> {
  const { space, title, published, types } = filters;
  const filtered = db
    .selectFrom('sites')
    .where('organization_id', '=', organizationId)
    .$if(published !== undefined, (query) => query.where('published', '=', published ? 1 : 0))
    .$if(types !== undefined && types.length > 0, (query) => query.where('type', 'in', types ?? []))
    .$if(title !== undefined, (query) => query.where(containsIgnoringCase('title', title ?? '')))
    .$if(space !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('site_spaces')
            .select('site_spaces.id')
            .whereRef('site_spaces.site_id', '=', 'sites.id')
            .where('site_spaces.space_id', '=', space ?? ''),
        ),
      ),
    );
  const page = await keysetPage(
    filtered,
    (query) => query.selectAll(),
    {
      columns: ['created_at', 'id'],
      direction: 'asc',
      cursorOf: (row) => [row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toSite);
}

/** How many sites the organization has. */
export async function countSitesInOrganization(
  db: Executor,
  organizationId: string,
): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many site spaces each of these sites has. */
export async function countSiteSpaces(
  db: Executor,
  siteIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(siteIds.map((id) => [id, 0]));
  if (siteIds.length === 0) return counts;
  const rows = await db
    .selectFrom('site_spaces')
    .select(['site_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('site_id', 'in', siteIds)
    .groupBy('site_id')
    .execute();
  for (const row of rows) counts.set(row.site_id, Number(row.count));
  return counts;
}

/**
 * The published sites of the organization whose `hostname` is `hostname`: the sites its
 * subdomain serves, each under its `basename`.
 */
export async function listPublishedSitesOfHostname(
  db: Executor,
  hostname: string,
): Promise<SiteRecord[]> {
  const rows = await db
    .selectFrom('sites')
    .innerJoin('organizations', 'organizations.id', 'sites.organization_id')
    .selectAll('sites')
    .where('organizations.hostname', '=', hostname)
    .where('sites.published', '=', 1)
    .orderBy('sites.created_at')
    .orderBy('sites.id')
    .execute();
  return rows.map(toSite);
}

/** The published sites served through a proxy on `host` (their `proxy` is `host/path…`). */
export async function listPublishedSitesProxiedOn(
  db: Executor,
  host: string,
): Promise<SiteRecord[]> {
  const rows = await db
    .selectFrom('sites')
    .selectAll()
    .where('proxy', 'like', `${host.replace(/[%_\\]/g, '')}/%`)
    .where('published', '=', 1)
    .execute();
  return rows.map(toSite);
}
