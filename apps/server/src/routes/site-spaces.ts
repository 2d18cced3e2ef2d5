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
import { loadSiteToChange, shareKeysOf, structureView } from './site-views.js';

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
  listSiteSpaces: async ({ params, query, actor, deps }) => {
    const { site, role } = await loadSiteForMember(
      deps.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const view = await structureView(deps.db, deps, site, role, query.shareKey);
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

  addSpaceToSite: async ({ params, body, actor, deps }) => {
    const { site, role } = await loadSiteToChange(deps, actor, params);
    const siteSpace = await addSpaceToSite(deps.db, actor, site, body, deps.clock.now());
    return {
      status: 200,
      body: presentSiteSpace(siteSpace, await structureView(deps.db, deps, site, role)),
    };
  },

  updateSiteSpaceById: async ({ params, body, actor, deps }) => {
    const { site, role } = await loadSiteToChange(deps, actor, params);
    const siteSpace = await updateSiteSpaceSettings(
      deps.db,
      actor,
      site,
      params.siteSpaceId,
      body,
      deps.clock.now(),
    );
    return {
      status: 200,
      body: presentSiteSpace(siteSpace, await structureView(deps.db, deps, site, role)),
    };
  },

  deleteSiteSpaceById: async ({ params, actor, deps }) => {
    const { site } = await loadSiteToChange(deps, actor, params);
    await removeSiteSpace(deps.db, actor, site, params.siteSpaceId, deps.clock.now());
    return { status: 204 };
  },

  moveSiteSpace: async ({ params, body, actor, deps }) => {
    const { site, role } = await loadSiteToChange(deps, actor, params);
    const siteSpace = await moveSiteSpace(
      deps.db,
      actor,
      site,
      params.siteSpaceId,
      placementOf(body.position),
      deps.clock.now(),
    );
    return {
      status: 200,
      body: presentSiteSpace(siteSpace, await structureView(deps.db, deps, site, role)),
    };
  },

  getSiteSpaceCustomizationById: async ({ params, actor, deps }) => {
    const { site } = await loadSiteForMember(deps.db, actor, params.organizationId, params.siteId);
    const structure = await readSiteStructure(deps.db, site);
    const siteSpace = requireSiteSpace(structure.siteSpaces, params.siteSpaceId);
    return {
      status: 200,
      body: appliedCustomization(
        parseCustomization(site.customization),
        parseCustomization(siteSpace.customization),
      ),
    };
  },

  updateSiteSpaceCustomizationById: async ({ params, body, actor, deps }) => {
    const { site } = await loadSiteToChange(deps, actor, params);
    const customization = await replaceSiteSpaceCustomization(
      deps.db,
      actor,
      site,
      params.siteSpaceId,
      body,
      deps.clock.now(),
    );
    return {
      status: 200,
      body: appliedCustomization(parseCustomization(site.customization), customization),
    };
  },

  listSiteShareLinks: async ({ params, query, actor, deps }) => {
    const { site, role } = await loadSiteForMember(
      deps.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const page = await listShareLinksOfSite(deps.db, site.id, pageRequest(query));
    const keys = shareKeysOf(deps);
    return {
      status: 200,
      body: presentList(page, (link) =>
        presentShareLink(
          link,
          seesShareLinkKeys(role) ? keys.open(link.keySealed) : undefined,
          deps.urls,
        ),
      ),
    };
  },

  createSiteShareLink: async ({ params, body, actor, deps }) => {
    const { site } = await loadSiteToChange(deps, actor, params);
    const { link, key } = await createShareLink(
      deps.db,
      actor,
      site,
      body,
      shareKeysOf(deps),
      deps.clock.now(),
    );
    return {
      status: 201,
      body: presentShareLink(link, key, deps.urls),
      headers: {
        Location: deps.urls.api(
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

  updateSiteShareLinkById: async ({ params, body, actor, deps }) => {
    const { site, role } = await loadSiteToChange(deps, actor, params);
    const link = await loadShareLink(deps.db, site, params.shareLinkId);
    const updated = await updateShareLinkSettings(
      deps.db,
      actor,
      site,
      link,
      body,
      deps.clock.now(),
    );
    const key = seesShareLinkKeys(role) ? shareKeysOf(deps).open(updated.keySealed) : undefined;
    return { status: 200, body: presentShareLink(updated, key, deps.urls) };
  },

  deleteSiteShareLinkById: async ({ params, actor, deps }) => {
    const { site } = await loadSiteToChange(deps, actor, params);
    const link = await findShareLink(deps.db, site.id, params.shareLinkId);
    if (link !== undefined) await removeShareLink(deps.db, actor, site, link, deps.clock.now());
    return { status: 204 };
  },
};
