import { isSiteReader } from '../domain/actor.js';
import { readerViewOf } from '../domain/published/site-readers.js';
import { bulkUpsertSiteRedirects } from '../domain/sites/bulk-site-redirects.js';
import { findRedirectOfSource } from '../domain/sites/redirect-lookup.js';
import { requireShareKeyOfSite } from '../domain/sites/share-links.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import {
  createSiteRedirect,
  loadSiteRedirect,
  removeSiteRedirect,
  updateSiteRedirect,
} from '../domain/sites/site-redirects.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import { presentSiteRedirect } from '../presenters/site-redirect.js';
import { findSiteRedirect, listSiteRedirects } from '../store/site-redirects.js';
import { pageRequest } from './page-request.js';
import { loadSiteToChange } from './site-views.js';

type SiteRedirectHandlers = Pick<
  HandlerTable,
  | 'listSiteRedirects'
  | 'createSiteRedirect'
  | 'bulkUpsertSiteRedirects'
  | 'updateSiteRedirectById'
  | 'deleteSiteRedirectById'
  | 'getSiteRedirectBySource'
>;

/**
 * Handlers of a site's redirects: any member reads them, `create` or higher writes them; the
 * site's reader token finds the redirect a path follows, as the site's renderer does.
 */
export const siteRedirectHandlers: SiteRedirectHandlers = {
  listSiteRedirects: async ({ params, query, actor, services }) => {
    const { site } = await loadSiteForMember(
      services.db,
      actor,
      params.organizationId,
      params.siteId,
    );
    const page = await listSiteRedirects(
      services.db,
      site.id,
      { draft: query.draft ?? false, search: query.search, orderBy: query.orderBy ?? 'createdAt' },
      pageRequest(query),
    );
    return { status: 200, body: presentList(page, presentSiteRedirect) };
  },

  createSiteRedirect: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const redirect = await createSiteRedirect(services.db, actor, site, body, services.clock.now());
    return { status: 201, body: presentSiteRedirect(redirect) };
  },

  bulkUpsertSiteRedirects: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const results = await bulkUpsertSiteRedirects(
      services.db,
      actor,
      site,
      body.redirects,
      services.clock.now(),
    );
    return { status: 200, body: { results } };
  },

  updateSiteRedirectById: async ({ params, body, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const redirect = await loadSiteRedirect(services.db, site, params.siteRedirectId);
    const updated = await updateSiteRedirect(
      services.db,
      actor,
      site,
      redirect,
      body,
      services.clock.now(),
    );
    return { status: 200, body: presentSiteRedirect(updated) };
  },

  deleteSiteRedirectById: async ({ params, actor, services }) => {
    const { site } = await loadSiteToChange(services, actor, params);
    const redirect = await findSiteRedirect(services.db, site.id, params.siteRedirectId);
    if (redirect !== undefined) {
      await removeSiteRedirect(services.db, actor, site, redirect, services.clock.now());
    }
    return { status: 204 };
  },

  getSiteRedirectBySource: async ({ params, query, actor, services }) => {
    const site = isSiteReader(actor)
      ? (await readerViewOf(services.db, actor, params, services.shareKeys, services.clock.now()))
          .site
      : (await loadSiteForMember(services.db, actor, params.organizationId, params.siteId)).site;
    const { shareKey } = query;
    if (shareKey !== undefined) {
      await requireShareKeyOfSite(
        services.db,
        services.shareKeys,
        site,
        shareKey,
        services.clock.now(),
      );
    }
    const found = await findRedirectOfSource(
      services.db,
      site,
      query.source,
      services.urls.site(site.id),
    );
    // A target in the site goes through the share link the caller named.
    if (shareKey !== undefined && found.kind === 'content') {
      found.target.searchParams.set('share', shareKey);
    }
    return {
      status: 200,
      body: { redirect: presentSiteRedirect(found.redirect), target: found.target.toString() },
    };
  },
};
