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
  listSites: async ({ params, query, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    const page = await listSitesInOrganization(
      services.db,
      organization.id,
      { space: query.space, title: query.title, published: query.published, types: query.type },
      pageRequest(query),
    );
    const counts = await countSiteSpaces(
      services.db,
      page.items.map((site) => site.id),
    );
    return {
      status: 200,
      body: presentList(page, (site) =>
        presentSite(site, counts.get(site.id) ?? 0, role, services.urls),
      ),
    };
  },

  createSite: async ({ params, body, actor, services }) => {
    const { organization, role } = await loadOrganizationForMember(
      services.db,
      actor,
      params.organizationId,
    );
    requireOrganizationRole(role, 'create', 'create sites');
    const sample = { writes: services.contentWrites, merges: services.merges };
    const site = await createSite(
      services.db,
      actor,
      organization.id,
      body ?? {},
      sample,
      services.clock.now(),
    );
    const presented = await siteBody(services.db, site, role, services.urls);
    return { status: 201, body: presented, headers: { Location: presented.urls.location } };
  },

  getSiteById: async ({ params, actor, services }) => {
    const { site, role } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    return { status: 200, body: await siteBody(services.db, site, role, services.urls) };
  },

  updateSiteById: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const updated = await updateSiteSettings(services.db, actor, site, body, services.clock.now());
    return { status: 200, body: await siteBody(services.db, updated, role, services.urls) };
  },

  deleteSiteById: async ({ params, actor, services }) => {
    const { role } = await loadOrganizationForMember(services.db, actor, params.organizationId);
    requireOrganizationRole(role, 'create', 'delete sites');
    const site = await findSiteInOrganization(services.db, params.organizationId, params.siteId);
    if (site !== undefined) await removeSite(services.db, actor, site, services.clock.now());
    return { status: 204 };
  },

  publishSite: async ({ params, actor, services }) => {
    const { site, role } = await loadSiteWithRole(
      services,
      actor,
      params,
      'admin',
      'publish sites',
    );
    const updated = await setSitePublished(services.db, actor, site, true, services.clock.now());
    return { status: 200, body: await siteBody(services.db, updated, role, services.urls) };
  },

  unpublishSite: async ({ params, actor, services }) => {
    const { site, role } = await loadSiteWithRole(
      services,
      actor,
      params,
      'admin',
      'unpublish sites',
    );
    const updated = await setSitePublished(services.db, actor, site, false, services.clock.now());
    return { status: 200, body: await siteBody(services.db, updated, role, services.urls) };
  },

  getSiteAdaptiveSchema: async ({ params, actor, services }) => {
    const { site } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    return { status: 200, body: schemaBody(site) };
  },

  updateSiteAdaptiveSchema: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const updated = await replaceAdaptiveSchema(
      services.db,
      actor,
      site,
      body.jsonSchema,
      services.clock.now(),
    );
    return { status: 200, body: schemaBody(updated) };
  },

  listSiteAdaptiveTemplateConditions: async ({ params, actor, services }) => {
    const { site } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const claims = adaptiveClaims(parseStoredSchema(site.adaptiveSchema));
    return { status: 200, body: { items: templateConditions(claims) } };
  },

  getSiteCustomizationById: async ({ params, actor, services }) => {
    const { site } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    return { status: 200, body: appliedCustomization(parseCustomization(site.customization)) };
  },

  updateSiteCustomizationById: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const updated = await replaceSiteCustomization(
      services.db,
      actor,
      site,
      body,
      services.clock.now(),
    );
    return {
      status: 200,
      body: appliedCustomization(parseCustomization(updated.customization)),
    };
  },
};
