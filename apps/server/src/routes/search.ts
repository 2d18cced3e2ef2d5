import { readableSpacesOf } from '../domain/content-index/readable-spaces.js';
import { type PageMatch, searchContent } from '../domain/content-index/search-content.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import { presentSearchPage, presentSearchSpace } from '../presenters/search-result.js';
import { arrayPage } from '../store/pagination.js';
import { pageRequest } from './page-request.js';

type SearchHandlers = Pick<HandlerTable, 'searchSpaceContent' | 'searchOrganizationContent'>;

// Results are in relevance order: their rank, zero-padded, is the key page tokens follow.
const rankKey = (rank: number) => String(rank).padStart(8, '0');
const pagesPerSpace = 10;

/** Handlers of full-text search, in one space and across an organization. */
export const searchHandlers: SearchHandlers = {
  searchSpaceContent: async ({ params, query, actor, deps }) => {
    const { space } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    const matches = await searchContent(deps.db, deps.dialect, [space.id], query.query);
    const ranked = matches.map((match, rank) => ({ match, rank }));
    const page = arrayPage(ranked, ({ rank }) => rankKey(rank), pageRequest(query));
    return {
      status: 200,
      body: presentList(page, ({ match }) => presentSearchPage(match, deps.urls)),
    };
  },

  searchOrganizationContent: async ({ params, query, actor, deps }) => {
    const spaces = await readableSpacesOf(deps.db, actor, params.organizationId);
    const matches = await searchContent(
      deps.db,
      deps.dialect,
      spaces.map((space) => space.id),
      query.query,
    );
    // Spaces in the order of their best page.
    const bySpace = new Map<string, PageMatch[]>();
    for (const match of matches) {
      const pages = bySpace.get(match.spaceId) ?? [];
      if (pages.length < pagesPerSpace) pages.push(match);
      bySpace.set(match.spaceId, pages);
    }
    const titles = new Map(spaces.map((space) => [space.id, space.title]));
    const ranked = [...bySpace].map(([id, pages], rank) => ({
      space: { id, title: titles.get(id) ?? '' },
      pages,
      rank,
    }));
    const page = arrayPage(ranked, ({ rank }) => rankKey(rank), pageRequest(query));
    return {
      status: 200,
      body: presentList(page, ({ space, pages }) => presentSearchSpace(space, pages, deps.urls)),
    };
  },
};
