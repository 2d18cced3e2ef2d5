import { isSiteReader } from '../domain/actor.js';
import { spacesOfCached } from '../domain/published/cached-site-reads.js';
import { resolvePublishedUrl } from '../domain/published/resolve-url.js';
import { searchAsSeen } from '../domain/published/search-as-seen.js';
import { sectionsAsSeen } from '../domain/published/sections-as-seen.js';
import { siteAsSeen, siteSpacesInScope, spacesReadIn } from '../domain/published/site-as-seen.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import type { HandlerTable } from '../http/handler.js';
import { presentPublishedSite } from '../presenters/published-site.js';
import { presentSite } from '../presenters/site.js';
import { pageRequest } from './page-request.js';
import { searchBySpace } from './search.js';
import { structureView } from './site-views.js';

type PublishedContentHandlers = Pick<
  HandlerTable,
  'resolvePublishedContentByUrl' | 'getPublishedContentSite' | 'searchSiteContent'
>;

type SearchBody = Parameters<HandlerTable['searchSiteContent']>[0]['body'];
type SearchScope = NonNullable<SearchBody['scope']>;

/**
 * The scope of GitBook's older search body (`mode` beside the query): `current` searches only
 * `siteSpaceId`, `specific` only `siteSpaceIds`, `all` (and none) every live site space.
 */
function olderScopeOf(body: SearchBody): SearchScope | undefined {
  if (body.mode === 'current' && body.siteSpaceId !== undefined) {
    return { mode: 'default', currentSiteSpace: body.siteSpaceId, restrictTo: 'currentSiteSpace' };
  }
  if (body.mode === 'specific' && body.siteSpaceIds !== undefined) {
    return { mode: 'specific', siteSpaceIds: body.siteSpaceIds };
  }
  return undefined;
}

/** Handlers of what published sites read: URL resolution, the published profile, site search. */
export const publishedContentHandlers: PublishedContentHandlers = {
  resolvePublishedContentByUrl: async ({ body, services }) => ({
    status: 200,
    body: await resolvePublishedUrl(services, body, services.clock.now()),
  }),

  getPublishedContentSite: async ({ params, query, actor, services }) => {
    if (!isSiteReader(actor)) {
      const { site, role } = await loadSiteForMember(
        services.db,
        actor,
        params.organizationId,
        params.siteId,
      );
      const view = await structureView(services.db, services, site, role, query.shareKey);
      return {
        status: 200,
        body: presentPublishedSite(
          presentSite(site, view.structure.siteSpaces.length, role, services.urls),
          view,
        ),
      };
    }
    const { structure } = await siteAsSeen(services, actor, params);
    const { site } = structure;
    const view = {
      structure,
      spaces: await spacesOfCached(services.db, structure.siteSpaces),
      role: null,
      urls: services.urls,
      shareKey: query.shareKey,
    };
    return {
      status: 200,
      body: presentPublishedSite(
        presentSite(site, structure.siteSpaces.length, null, services.urls),
        view,
      ),
    };
  },

  searchSiteContent: async ({ params, query, body, actor, services }) => {
    const { structure } = await siteAsSeen(services, actor, params);
    const siteSpaces = siteSpacesInScope(structure, body.scope ?? olderScopeOf(body));
    const spaces = await spacesReadIn(services.db, actor, params.organizationId, siteSpaces);
    // A visitor sees only what their claims open of each page: so do their matches and quotes.
    const asSeen = isSiteReader(actor)
      ? searchAsSeen(
          sectionsAsSeen(
            services.db,
            new Map(spaces.map((space) => [space.id, space])),
            actor.visitor,
          ),
          body.query,
        )
      : undefined;
    return {
      status: 200,
      body: await searchBySpace(services, spaces, body.query, pageRequest(query), asSeen),
    };
  },
};
