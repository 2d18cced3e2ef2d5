import { loadOrganizationForMember } from '../domain/organizations/organization-access.js';
import {
  adaptiveClaims,
  parseStoredSchema,
  templateConditions,
} from '../domain/sites/adaptive-schema.js';
import { createSite } from '../domain/sites/create-site.js';
import { appliedCustomization } from '../domain/sites/customization-defaults.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import {
  parseCustomization,
  replaceAdaptiveSchema,
  replaceSiteCustomization,
} from '../domain/sites/site-settings.js';
import { removeSite, setSitePublished, updateSiteSettings } from '../domain/sites/update-site.js';
import type { HandlerTable } from '../http/handler.js';
import type { MemberRole } from '../model/roles.js';
import { requireOrganizationRole } from '../policies/organization-policy.js';
import { presentList } from '../presenters/list.js';
import { presentSite } from '../presenters/site.js';
import type { Urls } from '../presenters/urls.js';
import type { Executor } from '../store/schema.js';
import {
  countSiteSpaces,
  findSiteInOrganization,
  listSitesInOrganization,
  type SiteRecord,
} from '../store/sites.js';
import { contentWriteServices, mergeServices } from './content-write-services.js';
import { pageRequest } from './page-request.js';
import { loadSiteToChange, loadSiteWithRole } from './site-views.js';

type SiteHandlers = Pick<
  HandlerTable,
  | 'listSites'
  | 'createSite'
  | 'getSiteById'
  | 'updateSiteById'
  | 'deleteSiteById'
  | 'publishSite'
  | 'unpublishSite'
  | 'getSiteAdaptiveSchema'
  | 'updateSiteAdaptiveSchema'
  | 'listSiteAdaptiveTemplateConditions'
  | 'getSiteCustomizationById'
  | 'updateSiteCustomizationById'
>;

async function siteBody(db: Executor, site: SiteRecord, role: MemberRole | null, urls: Urls) {
  const counts = await countSiteSpaces(db, [site.id]);
  return presentSite(site, counts.get(site.id) ?? 0, role, urls);
}

function schemaBody(site: SiteRecord) {
  return {
    object: 'site-adaptive-schema' as const,
    jsonSchema: parseStoredSchema(site.adaptiveSchema),
    ...(site.adaptiveSchemaUpdatedAt === null ? {} : { updatedAt: site.adaptiveSchemaUpdatedAt }),
  };
}

/** Handlers of sites themselves: settings, publishing, adaptive schema, customization. */
export const siteHandlers: SiteHandlers = {
  listSites: async ({ params, query, actor, deps }) => {
    const { organization, role } = await loadOrganizationForMember(
      deps.db,
      actor,
      params.organizationId,
    );
    const page = await listSitesInOrganization(
      deps.db,
      organization.id,
      { space: query.space, title: query.title, published: query.published, types: query.type },
      pageRequest(query),
    );
    const counts = await countSiteSpaces(
      deps.db,
      page.items.map((site) => site.id),
    );
    return {
      status: 200,
      body: presentList(page, (site) =>
        presentSite(site, counts.get(site.id) ?? 0, role, deps.urls),
      ),
    };
  },

  createSite: async ({ params, body, actor, deps }) => {
    const { organization, role } = await loadOrganizationForMember(
      deps.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'create', 'create sites');
    const sample = { writes: contentWriteServices(deps), merges: mergeServices(deps) };
    const site = await createSite(
      deps.db,
      actor,
      organization.id,
      body ?? {},
      sample,
      deps.clock.now(),
    );
    const presented = await siteBody(deps.db, site, role, deps.urls);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  },

  getSiteById: async ({ params, actor, deps }) => {
    const { site, role } = await loadSiteForMember(
      deps.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    return { status: 200, body: await siteBody(deps.db, site, role, deps.urls) };
  },

  updateSiteById: async ({ params, body, actor, deps }) => {
    const { site, role } = await loadSiteToChange(deps, actor, params);
    const updated = await updateSiteSettings(deps.db, actor, site, body, deps.clock.now());
    return { status: 200, body: await siteBody(deps.db, updated, role, deps.urls) };
  },

  deleteSiteById: async ({ params, actor, deps }) => {
    const { role } = await loadOrganizationForMember(deps.db, actor, params.organizationId);
    requireOrganizationRole(role, 'create', 'delete sites');
    const site = await findSiteInOrganization(deps.db, params.organizationId, params.siteId);
    if (site !== undefined) await removeSite(deps.db, actor, site, deps.clock.now());
    return { status: 204 };
  },

  publishSite: async ({ params, actor, deps }) => {
    const { site, role } = await loadSiteWithRole(deps, actor, params, 'admin', 'publish sites');
    const updated = await setSitePublished(deps.db, actor, site, true, deps.clock.now());
    return { status: 200, body: await siteBody(deps.db, updated, role, deps.urls) };
  },

  unpublishSite: async ({ params, actor, deps }) => {
    const { site, role } = await loadSiteWithRole(deps, actor, params, 'admin', 'unpublish sites');
    const updated = await setSitePublished(deps.db, actor, site, false, deps.clock.now());
    return { status: 200, body: await siteBody(deps.db, updated, role, deps.urls) };
  },

  getSiteAdaptiveSchema: async ({ params, actor, deps }) => {
    const { site } = await loadSiteForMember(deps.db, actor, params.organizationId, params.siteId);
    return { status: 200, body: schemaBody(site) };
  },

  updateSiteAdaptiveSchema: async ({ params, body, actor, deps }) => {
    const { site } = await loadSiteToChange(deps, actor, params);
    const updated = await replaceAdaptiveSchema(
      deps.db,
      actor,
      site,
      body.jsonSchema,
      deps.clock.now(),
    );
    return { status: 200, body: schemaBody(updated) };
  },

  listSiteAdaptiveTemplateConditions: async ({ params, actor, deps }) => {
    const { site } = await loadSiteForMember(deps.db, actor, params.organizationId, params.siteId);
    const claims = adaptiveClaims(parseStoredSchema(site.adaptiveSchema));
    return { status: 200, body: { items: templateConditions(claims) } };
  },

  getSiteCustomizationById: async ({ params, actor, deps }) => {
    const { site } = await loadSiteForMember(deps.db, actor, params.organizationId, params.siteId);
    return { status: 200, body: appliedCustomization(parseCustomization(site.customization)) };
  },

  updateSiteCustomizationById: async ({ params, body, actor, deps }) => {
    const { site } = await loadSiteToChange(deps, actor, params);
    const updated = await replaceSiteCustomization(deps.db, actor, site, body, deps.clock.now());
    return {
      status: 200,
      body: appliedCustomization(parseCustomization(updated.customization)),
    };
  },
};
