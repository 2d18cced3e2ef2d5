import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import { loadRevision, loadSpaceRevision } from '../domain/content/content-revisions.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import type { HandlerTable } from '../http/handler.js';
import {
  type ContentSource,
  fileResponse,
  filesResponse,
  pageResponse,
  pagesResponse,
  revisionResponse,
} from './content-responses.js';
import { pageRequest } from './page-request.js';

type ContentHandlers = Pick<
  HandlerTable,
  | 'getCurrentRevision'
  | 'listPages'
  | 'getPageById'
  | 'getPageByPath'
  | 'listFiles'
  | 'getFileById'
  | 'getRevisionById'
  | 'listPagesInRevisionById'
  | 'getPageInRevisionById'
  | 'getPageInRevisionByPath'
  | 'listFilesInRevisionById'
  | 'getFileInRevisionById'
>;

/** The space's current content, for a caller who may read the space. */
async function currentContent(
  deps: AppDeps,
  actor: Actor,
  spaceId: string,
): Promise<ContentSource> {
  const { space } = await loadSpaceForCaller(deps.db, actor, spaceId);
  return { space, revision: await loadSpaceRevision(deps.db, space) };
}

/** A revision of the space by id, for a caller who may read the space. */
async function revisionContent(
  deps: AppDeps,
  actor: Actor,
  spaceId: string,
  revisionId: string,
): Promise<ContentSource> {
  const { space } = await loadSpaceForCaller(deps.db, actor, spaceId);
  return { space, revision: await loadRevision(deps.db, space, revisionId) };
}

/** Handlers of the `content` tag: a space's current content and its revisions. */
export const contentHandlers: ContentHandlers = {
  getCurrentRevision: async ({ params, actor, deps }) => ({
    status: 200,
    body: await revisionResponse(deps, await currentContent(deps, actor, params.spaceId)),
  }),
  listPages: async ({ params, actor, deps }) => ({
    status: 200,
    body: await pagesResponse(deps, await currentContent(deps, actor, params.spaceId)),
  }),
  getPageById: async ({ params, query, actor, deps }) => ({
    status: 200,
    body: await pageResponse(
      deps,
      await currentContent(deps, actor, params.spaceId),
      { pageId: params.pageId },
      query.format ?? 'markdown',
    ),
  }),
  getPageByPath: async ({ params, query, actor, deps }) => ({
    status: 200,
    body: await pageResponse(
      deps,
      await currentContent(deps, actor, params.spaceId),
      { path: params.pagePath },
      query.format ?? 'markdown',
    ),
  }),
  listFiles: async ({ params, query, actor, deps }) => ({
    status: 200,
    body: await filesResponse(
      deps,
      await currentContent(deps, actor, params.spaceId),
      pageRequest(query),
    ),
  }),
  getFileById: async ({ params, actor, deps }) => ({
    status: 200,
    body: await fileResponse(
      deps,
      await currentContent(deps, actor, params.spaceId),
      params.fileId,
    ),
  }),

  getRevisionById: async ({ params, actor, deps }) => ({
    status: 200,
    body: await revisionResponse(
      deps,
      await revisionContent(deps, actor, params.spaceId, params.revisionId),
    ),
  }),
  listPagesInRevisionById: async ({ params, actor, deps }) => ({
    status: 200,
    body: await pagesResponse(
      deps,
      await revisionContent(deps, actor, params.spaceId, params.revisionId),
    ),
  }),
  getPageInRevisionById: async ({ params, query, actor, deps }) => ({
    status: 200,
    body: await pageResponse(
      deps,
      await revisionContent(deps, actor, params.spaceId, params.revisionId),
      { pageId: params.pageId },
      query.format ?? 'markdown',
    ),
  }),
  getPageInRevisionByPath: async ({ params, query, actor, deps }) => ({
    status: 200,
    body: await pageResponse(
      deps,
      await revisionContent(deps, actor, params.spaceId, params.revisionId),
      { path: params.pagePath },
      query.format ?? 'markdown',
    ),
  }),
  listFilesInRevisionById: async ({ params, query, actor, deps }) => ({
    status: 200,
    body: await filesResponse(
      deps,
      await revisionContent(deps, actor, params.spaceId, params.revisionId),
      pageRequest(query),
    ),
  }),
  getFileInRevisionById: async ({ params, actor, deps }) => ({
    status: 200,
    body: await fileResponse(
      deps,
      await revisionContent(deps, actor, params.spaceId, params.revisionId),
      params.fileId,
    ),
  }),
};
