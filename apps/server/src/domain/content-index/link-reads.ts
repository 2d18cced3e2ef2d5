import { notFound } from '../../errors.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import {
  findIndexedFilesByName,
  findIndexedPagesByPath,
  spaceScope,
} from '../../store/content-index.js';
import {
  changeRequestHasPageLinks,
  changeRequestLinkPages,
  countBrokenInOpenChangeRequests,
  countLinks,
  type LinkTargetKey,
  listLinks,
  pagesLinkingTo,
} from '../../store/content-index-reads.js';
import { arrayPage, type Page, type PageRequest } from '../../store/pagination.js';
import type { Executor, PageLinksTable } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { loadRevision } from '../content/content-revisions.js';
import type { ContentTree } from '../content/content-tree.js';
import { openRevisionContent, readFileById } from '../content/read-content.js';

/** Where the links of a list are read: a space's head, or a change request's head. */
export interface LinkSource {
  space: SpaceRecord;
  changeRequest?: ChangeRequestRecord;
}

/** A page of links with what presenting them needs. */
export interface LinkListing {
  page: Page<PageLinksTable>;
  stats: { total: number; broken: number; changeRequest: number };
  revisionId: string;
  /** Ids of the pages and files the listed links point at, where they exist in the space. */
  pageIds: Map<string, string>;
  fileIds: Map<string, string>;
}

async function openSource(db: Executor, { space, changeRequest }: LinkSource) {
  const revisionId = changeRequest?.revisionId ?? space.revisionId;
  const tree = await openRevisionContent(db, await loadRevision(db, space, revisionId));
  return { revisionId, tree };
}

async function requirePage(tree: ContentTree, pageId: string) {
  const page = await tree.page(pageId);
  if (page === undefined) throw notFound(`Page ${pageId} not found`);
  return page;
}

/**
 * The links of a space's head (all of them, or one page's), with stats; in a change request,
 * one page's links as the change request has them (the space's for a page it did not change).
 */
export async function listContentLinks(
  db: Executor,
  source: LinkSource,
  filter: { pageId?: string; status?: string },
  request: PageRequest,
): Promise<LinkListing> {
  const { space, changeRequest } = source;
  const { revisionId, tree } = await openSource(db, source);
  if (filter.pageId !== undefined) await requirePage(tree, filter.pageId);
  const scope =
    changeRequest !== undefined &&
    filter.pageId !== undefined &&
    (await changeRequestHasPageLinks(db, space.id, changeRequest.id, filter.pageId))
      ? changeRequest.id
      : spaceScope;
  const scoped = { scope, ...(filter.pageId === undefined ? {} : { pageId: filter.pageId }) };
  const page = await listLinks(
    db,
    space.id,
    { ...scoped, ...(filter.status === undefined ? {} : { status: filter.status }) },
    request,
  );
  const counts = await countLinks(db, space.id, scoped);
  const pageTargets = page.items.filter((link) => link.kind === 'page' || link.kind === 'anchor');
  const fileTargets = page.items.filter((link) => link.kind === 'file');
  return {
    page,
    stats: {
      total: counts.total,
      broken: counts.broken,
      changeRequest: await countBrokenInOpenChangeRequests(db, space.id, filter.pageId),
    },
    revisionId,
    pageIds: await findIndexedPagesByPath(
      db,
      space.id,
      pageTargets.map((link) => link.target),
    ),
    fileIds: await findIndexedFilesByName(
      db,
      space.id,
      fileTargets.map((link) => link.target),
    ),
  };
}

/**
 * The pages whose body links to a page or a file of a space's head or a change request: in a
 * change request, the change request's version of the pages it changed, the space's of the
 * others.
 */
export async function listBacklinks(
  db: Executor,
  source: LinkSource,
  target: { pageId: string } | { fileId: string },
  request: PageRequest,
): Promise<{ page: Page<string>; revisionId: string }> {
  const { space, changeRequest } = source;
  const { revisionId, tree } = await openSource(db, source);
  let key: LinkTargetKey;
  let self: string | undefined;
  if ('pageId' in target) {
    key = { kind: 'page', path: await tree.pathOf(await requirePage(tree, target.pageId)) };
    self = target.pageId;
  } else {
    key = { kind: 'file', name: (await readFileById(tree, target.fileId)).name };
  }
  const linking = new Set(await pagesLinkingTo(db, space.id, spaceScope, key));
  if (changeRequest !== undefined) {
    for (const pageId of await changeRequestLinkPages(db, space.id, changeRequest.id)) {
      linking.delete(pageId);
    }
    for (const pageId of await pagesLinkingTo(db, space.id, changeRequest.id, key)) {
      linking.add(pageId);
    }
  }
  // A page's links to its own headings are not backlinks.
  if (self !== undefined) linking.delete(self);
  const ids = [...linking].sort();
  return { page: arrayPage(ids, (id) => id, request), revisionId };
}
