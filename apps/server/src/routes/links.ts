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
import type { AppServices } from '../services/app-services.js';
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
  services: AppServices,
  actor: Actor,
  params: { spaceId: string; changeRequestId?: string },
): Promise<LinkSource> {
  if (params.changeRequestId === undefined) {
    return { space: (await loadSpaceForCaller(services.db, actor, params.spaceId)).space };
  }
  const { space, changeRequest } = await loadChangeRequestForCaller(
    services.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  return { space, changeRequest };
}

async function links(
  services: AppServices,
  actor: Actor,
  params: { spaceId: string; changeRequestId?: string; pageId?: string },
  query: ListQuery,
) {
  const source = await spaceSource(services, actor, params);
  const listing = await listContentLinks(
    services.db,
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
  services: AppServices,
  actor: Actor,
  params: { spaceId: string; changeRequestId?: string; pageId?: string; fileId?: string },
  query: ListQuery,
) {
  const source = await spaceSource(services, actor, params);
  const target =
    params.pageId !== undefined ? { pageId: params.pageId } : { fileId: params.fileId ?? '' };
  const { page, revisionId } = await listBacklinks(services.db, source, target, pageRequest(query));
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
  listSpaceLinks: ({ params, query, actor, services }) => links(services, actor, params, query),
  listPageLinks: ({ params, query, actor, services }) => links(services, actor, params, query),
  listPageBacklinks: ({ params, query, actor, services }) =>
    backlinks(services, actor, params, query),
  listFileBacklinks: ({ params, query, actor, services }) =>
    backlinks(services, actor, params, query),
  listPageLinksInChangeRequest: ({ params, query, actor, services }) =>
    links(services, actor, params, query),
  listPageBacklinksInChangeRequest: ({ params, query, actor, services }) =>
    backlinks(services, actor, params, query),
  listFileBacklinksInChangeRequest: ({ params, query, actor, services }) =>
    backlinks(services, actor, params, query),
};
