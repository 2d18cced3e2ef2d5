import type { components } from '@quire/contract';
import { pagePlaces } from '../domain/content-index/page-places.js';
import { readableSpacesOf } from '../domain/content-index/readable-spaces.js';
import {
  type PageMatch,
  type RankedPage,
  readPageMatches,
  searchContent,
} from '../domain/content-index/search-content.js';
import type { SearchAsSeen } from '../domain/published/search-as-seen.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import { presentSearchPages, presentSearchSpace } from '../presenters/search-result.js';
import type { AppServices } from '../services/app-services.js';
import { arrayPage, type PageRequest } from '../store/pagination.js';
import { pageRequest } from './page-request.js';

type SearchHandlers = Pick<HandlerTable, 'searchSpaceContent' | 'searchOrganizationContent'>;

// Results are in relevance order: their rank, zero-padded, is the key page tokens follow.
const rankKey = (rank: number) => String(rank).padStart(8, '0');
const pagesPerSpace = 10;

/** Handlers of full-text search, in one space and across an organization. */
export const searchHandlers: SearchHandlers = {
  searchSpaceContent: async ({ params, query, actor, services }) => {
    const { space } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    const pages = await searchContent(services.db, services.dialect, [space.id], query.query);
    const ranked = pages.map((match, rank) => ({ match, rank }));
    const page = arrayPage(ranked, ({ rank }) => rankKey(rank), pageRequest(query));
    const matches = await readPageMatches(
      services.db,
      page.items.map(({ match }) => match),
    );
    const firstRank = (page.items[0]?.rank ?? 0) + 1;
    const places = await pagePlaces(services.db, matches);
    const presented = presentSearchPages(matches, firstRank, places, services.urls);
    return {
      status: 200,
      body: presentList({ ...page, items: presented }, (result) => result),
    };
  },

  searchOrganizationContent: async ({ params, query, actor, services }) => {
    const spaces = await readableSpacesOf(services.db, actor, params.organizationId);
    return {
      status: 200,
      body: await searchBySpace(services, spaces, query.query, pageRequest(query)),
    };
  },
};

/**
 * Searches these spaces and answers the matching pages grouped by space, the spaces in the
 * order of their best page, at most ten pages each. For a site's visitor (`asSeen`), only what
 * they see matches and is quoted.
 */
export async function searchBySpace(
  services: AppServices,
  spaces: readonly { id: string; title: string }[],
  text: string,
  request: PageRequest,
  asSeen?: SearchAsSeen,
): Promise<components['schemas']['SearchSpaceResultList']> {
  const found = await searchContent(
    services.db,
    services.dialect,
    spaces.map((space) => space.id),
    text,
  );
  const bySpace = new Map<string, RankedPage[]>();
  for (const match of found) {
    const pages = bySpace.get(match.spaceId) ?? [];
    if (pages.length >= pagesPerSpace) continue;
    if (asSeen !== undefined && !(await asSeen.sees(match))) continue;
    pages.push(match);
    bySpace.set(match.spaceId, pages);
  }
  const titles = new Map(spaces.map((space) => [space.id, space.title]));
  const ranked = [...bySpace].map(([id, pages], rank) => ({
    space: { id, title: titles.get(id) ?? '' },
    pages,
    rank,
  }));
  const page = arrayPage(ranked, ({ rank }) => rankKey(rank), request);
  const read = await readPageMatches(
    services.db,
    page.items.flatMap(({ pages }) => pages),
  );
  const matches = asSeen === undefined ? read : await asSeen.shown(read);
  // Pages are ranked across the whole answer, in the order they are shown.
  const places = await pagePlaces(services.db, matches);
  const pagesBySpace = new Map<string, PageMatch[]>();
  for (const match of matches) {
    pagesBySpace.set(match.spaceId, [...(pagesBySpace.get(match.spaceId) ?? []), match]);
  }
  let nextRank = 1;
  return presentList(page, ({ space }) => {
    const spaceMatches = pagesBySpace.get(space.id) ?? [];
    const pages = presentSearchPages(spaceMatches, nextRank, places, services.urls);
    nextRank += spaceMatches.length;
    return presentSearchSpace(space, pages);
  });
}
