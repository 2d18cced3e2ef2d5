import { appliedCustomization } from '../domain/sites/customization-defaults.js';
import {
  createShareLink,
  loadShareLink,
  removeShareLink,
  updateShareLinkSettings,
} from '../domain/sites/share-links.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import {
  parseCustomization,
  replaceSiteSpaceCustomization,
  requireSiteSpace,
} from '../domain/sites/site-settings.js';
import {
  addSpaceToSite,
  moveSiteSpace,
  removeSiteSpace,
  updateSiteSpaceSettings,
} from '../domain/sites/site-spaces.js';
import { readSiteStructure } from '../domain/sites/site-structure.js';
import type { HandlerTable } from '../http/handler.js';
import { seesShareLinkKeys } from '../policies/share-link-policy.js';
import { presentList } from '../presenters/list.js';
import { presentShareLink } from '../presenters/share-link.js';
import { presentSiteSpace } from '../presenters/site-structure.js';
import { arrayPage } from '../store/pagination.js';
import { findShareLink, listShareLinksOfSite } from '../store/share-links.js';
import { pageRequest } from './page-request.js';
import { placementOf } from './site-structure.js';
import { loadSiteToChange, structureView } from './site-views.js';

type SiteSpaceHandlers = Pick<
  HandlerTable,
  | 'listSiteSpaces'
  | 'addSpaceToSite'
  | 'updateSiteSpaceById'
  | 'deleteSiteSpaceById'
  | 'moveSiteSpace'
  | 'getSiteSpaceCustomizationById'
  | 'updateSiteSpaceCustomizationById'
  | 'listSiteShareLinks'
  | 'createSiteShareLink'
  | 'updateSiteShareLinkById'
  | 'deleteSiteShareLinkById'
>;

/** Handlers of a site's site spaces and share links. */
export const siteSpaceHandlers: SiteSpaceHandlers = {
  listSiteSpaces: async ({ params, query, actor, services }) => {
    const { site, role } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const view = await structureView(services.db, services, site, role, query.shareKey);
    const { structure } = view;
    const defaults = new Set([
      structure.site.defaultSiteSpaceId,
      ...structure.sections.map((section) => section.defaultSiteSpaceId),
    ]);
    const items = structure.siteSpaces.filter(
      (siteSpace) => query.default === undefined || defaults.has(siteSpace.id) === query.default,
    );
    const page = arrayPage(
      items,
      (item) => structure.sortKeys.get(item.id) ?? item.id,
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, (siteSpace) => presentSiteSpace(siteSpace, view)),
    };
  },

  addSpaceToSite: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const siteSpace = await addSpaceToSite(services.db, actor, site, body, services.clock.now());
    return {
      status: 200,
      body: presentSiteSpace(siteSpace, await structureView(services.db, services, site, role)),
    };
  },

  updateSiteSpaceById: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const siteSpace = await updateSiteSpaceSettings(
      services.db,
      actor,
      site,
      params.siteSpaceId,
      body,
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSiteSpace(siteSpace, await structureView(services.db, services, site, role)),
    };
  },

  deleteSiteSpaceById: async ({ params, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    await removeSiteSpace(services.db, actor, site, params.siteSpaceId, services.clock.now());
    return { status: 204 };
  },

  moveSiteSpace: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const siteSpace = await moveSiteSpace(
      services.db,
      actor,
      site,
      params.siteSpaceId,
      placementOf(body.position),
      services.clock.now(),
    );
    return {
      status: 200,
      body: presentSiteSpace(siteSpace, await structureView(services.db, services, site, role)),
    };
  },

  getSiteSpaceCustomizationById: async ({ params, actor, services }) => {
    const { site } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const structure = await readSiteStructure(services.db, site);
    const siteSpace = requireSiteSpace(structure.siteSpaces, params.siteSpaceId);
    return {
      status: 200,
      body: appliedCustomization(
        parseCustomization(site.customization),
        parseCustomization(siteSpace.customization),
      ),
    };
  },

  updateSiteSpaceCustomizationById: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const customization = await replaceSiteSpaceCustomization(
      services.db,
      actor,
      site,
      params.siteSpaceId,
      body,
      services.clock.now(),
    );
    return {
      status: 200,
      body: appliedCustomization(parseCustomization(site.customization), customization),
    };
  },

  listSiteShareLinks: async ({ params, query, actor, services }) => {
    const { site, role } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const page = await listShareLinksOfSite(services.db, site.id, pageRequest(query));
    const keys = services.shareKeys;
    return {
      status: 200,
      body: presentList(page, (link) =>
        presentShareLink(
          link,
          seesShareLinkKeys(role) ? keys.open(link.keySealed) : undefined,
          services.urls,
        ),
      ),
    };
  },

  createSiteShareLink: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const { link, key } = await createShareLink(
      services.db,
      actor,
      site,
      body,
      services.shareKeys,
      services.clock.now(),
    );
    return {
      status: 201,
      body: presentShareLink(link, key, services.urls),
      headers: {
        Location: services.urls.api(
          'orgs',
          site.organizationId,
          'sites',
          site.id,
          'share-links',
          link.id,
        ),
      },
    };
  },

  updateSiteShareLinkById: async ({ params, body, actor, services }) => {
    const { site, role } = await loadSiteToChange(services, actor, params);
    const link = await loadShareLink(services.db, site, params.shareLinkId);
    const updated = await updateShareLinkSettings(
      services.db,
      actor,
      site,
      link,
      body,
      services.clock.now(),
    );
    const key = seesShareLinkKeys(role) ? services.shareKeys.open(updated.keySealed) : undefined;
    return { status: 200, body: presentShareLink(updated, key, services.urls) };
  },

  deleteSiteShareLinkById: async ({ params, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const link = await findShareLink(services.db, site.id, params.shareLinkId);
    if (link !== undefined)
      await removeShareLink(services.db, actor, site, link, services.clock.now());
    return { status: 204 };
  },
};
