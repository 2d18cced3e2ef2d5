import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import { loadChangeRequestForCaller } from '../domain/change-requests/change-request-access.js';
import {
  type LinkSource,
  listBacklinks,
  listContentLinks,
} from '../domain/content-index/link-reads.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import type { HandlerTable } from '../http/handler.js';
import { presentContentLinks, presentContentLocation } from '../presenters/content-link.js';
import { presentList } from '../presenters/list.js';
import { pageRequest } from './page-request.js';

type LinkHandlers = Pick<
  HandlerTable,
  | 'listSpaceLinks'
  | 'listPageLinks'
  | 'listPageBacklinks'
  | 'listFileBacklinks'
  | 'listPageLinksInChangeRequest'
  | 'listPageBacklinksInChangeRequest'
  | 'listFileBacklinksInChangeRequest'
>;

type ListQuery = { page?: string; limit?: number; status?: 'ok' | 'broken' | 'in-app' };

async function spaceSource(
  deps: AppDeps,
  actor: Actor,
  params: { spaceId: string; changeRequestId?: string },
): Promise<LinkSource> {
  if (params.changeRequestId === undefined) {
    return { space: (await loadSpaceForCaller(deps.db, actor, params.spaceId)).space };
  }
  const { space, changeRequest } = await loadChangeRequestForCaller(
    deps.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  return { space, changeRequest };
}

async function links(
  deps: AppDeps,
  actor: Actor,
  params: { spaceId: string; changeRequestId?: string; pageId?: string },
  query: ListQuery,
) {
  const source = await spaceSource(deps, actor, params);
  const listing = await listContentLinks(
    deps.db,
    source,
    {
      ...(params.pageId === undefined ? {} : { pageId: params.pageId }),
      ...(query.status === undefined ? {} : { status: query.status }),
    },
    pageRequest(query),
  );
  const context = {
    organizationId: source.space.organizationId,
    spaceId: source.space.id,
    revisionId: listing.revisionId,
  };
  return { status: 200 as const, body: presentContentLinks(listing, context) };
}

async function backlinks(
  deps: AppDeps,
  actor: Actor,
  params: { spaceId: string; changeRequestId?: string; pageId?: string; fileId?: string },
  query: ListQuery,
) {
  const source = await spaceSource(deps, actor, params);
  const target =
    params.pageId !== undefined ? { pageId: params.pageId } : { fileId: params.fileId ?? '' };
  const { page, revisionId } = await listBacklinks(deps.db, source, target, pageRequest(query));
  const context = {
    organizationId: source.space.organizationId,
    spaceId: source.space.id,
    revisionId,
  };
  return {
    status: 200 as const,
    body: presentList(page, (pageId) => presentContentLocation(pageId, context)),
  };
}

/** Handlers of links and backlinks, of a space's head and of change requests. */
export const linkHandlers: LinkHandlers = {
  listSpaceLinks: ({ params, query, actor, deps }) => links(deps, actor, params, query),
  listPageLinks: ({ params, query, actor, deps }) => links(deps, actor, params, query),
  listPageBacklinks: ({ params, query, actor, deps }) => backlinks(deps, actor, params, query),
  listFileBacklinks: ({ params, query, actor, deps }) => backlinks(deps, actor, params, query),
  listPageLinksInChangeRequest: ({ params, query, actor, deps }) =>
    links(deps, actor, params, query),
  listPageBacklinksInChangeRequest: ({ params, query, actor, deps }) =>
    backlinks(deps, actor, params, query),
  listFileBacklinksInChangeRequest: ({ params, query, actor, deps }) =>
    backlinks(deps, actor, params, query),
};
