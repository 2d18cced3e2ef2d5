import { type Caller, isSiteReader } from '../domain/actor.js';
import { readableSpacesOf } from '../domain/content-index/readable-spaces.js';
import { spacesOfCached } from '../domain/published/cached-site-reads.js';
import { resolvePublishedUrl } from '../domain/published/resolve-url.js';
import { readerViewOf } from '../domain/published/site-readers.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import {
  liveStructure,
  readSiteStructure,
  type SiteStructure,
  spacesOf,
} from '../domain/sites/site-structure.js';
import type { HandlerTable } from '../http/handler.js';
import type { MemberRole } from '../model/roles.js';
import { presentPublishedSite } from '../presenters/published-site.js';
import { presentSite } from '../presenters/site.js';
import type { AppServices } from '../services/app-services.js';
import { pageRequest } from './page-request.js';
import { searchBySpace } from './search.js';
import { structureView } from './site-views.js';

type PublishedContentHandlers = Pick<
  HandlerTable,
  'resolvePublishedContentByUrl' | 'getPublishedContentSite' | 'searchSiteContent'
>;

type SiteParams = { organizationId: string; siteId: string };
type SearchBody = Parameters<HandlerTable['searchSiteContent']>[0]['body'];
type SearchScope = NonNullable<SearchBody['scope']>;

/** What a caller sees of a site: a member all it publishes, a reader what their claims show. */
interface SiteAsSeen {
  /** The structure as the caller sees it (its `site` the site itself). */
  structure: SiteStructure;
  role: MemberRole | null;
}

async function siteAsSeen(
  services: AppServices,
  caller: Caller,
  params: SiteParams,
): Promise<SiteAsSeen> {
  if (isSiteReader(caller)) {
    const structure = await readerViewOf(
      services.db,
      caller,
      params,
      services.shareKeys,
      services.clock.now(),
    );
    return { structure, role: null };
  }
  const { site, role } = await loadSiteForMember(
    services.db,
    caller,
    params.organizationId,
    params.siteId,
  );
  // Members see all that is published, whatever conditions hide from visitors.
  return { structure: liveStructure(await readSiteStructure(services.db, site)), role };
}

/** The site spaces a search reads, by its scope (every live one when none is given). */
function siteSpacesInScope(structure: SiteStructure, scope: SearchScope | undefined) {
  const all = structure.siteSpaces;
  if (scope === undefined || scope.mode === 'all') return all;
  if (scope.mode === 'specific') {
    const asked = new Set(scope.siteSpaceIds);
    return all.filter((siteSpace) => asked.has(siteSpace.id));
  }
  const defaults = new Set<string>();
  const sectionIds = [...structure.sections.map((section) => section.id), null];
  for (const sectionId of sectionIds) {
    const candidates = all.filter((siteSpace) => siteSpace.sectionId === sectionId);
    const section = structure.sections.find((item) => item.id === sectionId);
    const defaultId = section?.defaultSiteSpaceId ?? structure.site.defaultSiteSpaceId;
    const chosen = candidates.find((item) => item.id === defaultId) ?? candidates[0];
    if (chosen !== undefined) defaults.add(chosen.id);
  }
  const current = scope.currentSiteSpace;
  if (current !== undefined && all.some((siteSpace) => siteSpace.id === current)) {
    defaults.add(current);
  }
  if (scope.restrictTo === 'currentSiteSpace') {
    return all.filter((siteSpace) => siteSpace.id === current);
  }
  if (scope.restrictTo === 'otherSiteSpaces') defaults.delete(current ?? '');
  return all.filter((siteSpace) => defaults.has(siteSpace.id));
}

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
    let spaces = [...(await spacesOf(services.db, siteSpaces)).values()].filter(
      (space) => space.deletedAt === null,
    );
    if (!isSiteReader(actor)) {
      const readable = new Set(
        (await readableSpacesOf(services.db, actor, params.organizationId)).map(
          (space) => space.id,
        ),
      );
      spaces = spaces.filter((space) => readable.has(space.id));
    }
    return {
      status: 200,
      body: await searchBySpace(services, spaces, body.query, pageRequest(query)),
    };
  },
};
