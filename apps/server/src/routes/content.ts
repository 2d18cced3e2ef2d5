import type { Caller } from '../domain/actor.js';
import { changesBetween, loadRevision } from '../domain/content/content-revisions.js';
import { evaluatedFor } from '../domain/content/page-bodies.js';
import { loadReadableSpace } from '../domain/published/site-readers.js';
import type { HandlerTable } from '../http/handler.js';
import { presentDocument } from '../presenters/json-document.js';
import { presentSemanticChanges } from '../presenters/semantic-changes.js';
import type { AppServices } from '../services/app-services.js';
import { contentReadHandlers } from './content-reads.js';
import { type ContentSource, documentResponse, downloadUrlOf } from './content-responses.js';

type ContentHandlers = Pick<
  HandlerTable,
  | 'getCurrentRevision'
  | 'listPages'
  | 'getPageById'
  | 'getPageByPath'
  | 'listSpacePageMetaLinks'
  | 'listFiles'
  | 'getFileById'
  | 'getRevisionById'
  | 'listPagesInRevisionById'
  | 'getPageInRevisionById'
  | 'getPageInRevisionByPath'
  | 'getPageDocumentInRevisionById'
  | 'listRevisionPageMetaLinks'
  | 'getDocumentById'
  | 'listFilesInRevisionById'
  | 'getFileInRevisionById'
  | 'getReusableContentById'
  | 'getReusableContentInRevisionById'
  | 'getReusableContentDocumentInRevisionById'
  | 'getRevisionSemanticChanges'
  | 'getVariablesInRevisionById'
>;

/**
 * A revision of a space, for a caller who may read the space (a user with a role on it, or a
 * reader of a site that publishes it to them): by id, or its current one.
 */
async function spaceContent(
  services: AppServices,
  caller: Caller,
  params: { spaceId: string; revisionId?: string },
): Promise<ContentSource> {
  const { space } = await loadReadableSpace(
    services.db,
    caller,
    params.spaceId,
    services.shareKeys,
    services.clock.now(),
  );
  return {
    space,
    revision: await loadRevision(services.db, space, params.revisionId ?? space.revisionId),
  };
}

// The space and the caller's role come through the read cache; revisions never change.
const kept = { sameUntilDatabaseChanges: true };
const current = contentReadHandlers<{ spaceId: string }>(spaceContent, kept);
const byRevision = contentReadHandlers<{ spaceId: string; revisionId: string }, Caller>(
  spaceContent,
  kept,
);

/** Handlers of the `content` tag: a space's current content and its revisions. */
export const contentHandlers: ContentHandlers = {
  getCurrentRevision: current.revision,
  listPages: current.pages,
  getPageById: current.pageById,
  getPageByPath: current.pageByPath,
  listSpacePageMetaLinks: current.pageMetaLinks,
  listFiles: current.files,
  getFileById: current.fileById,

  getRevisionById: byRevision.revision,
  listPagesInRevisionById: byRevision.pages,
  getPageInRevisionById: byRevision.pageById,
  getPageInRevisionByPath: byRevision.pageByPath,
  getPageDocumentInRevisionById: byRevision.pageDocument,
  listRevisionPageMetaLinks: byRevision.pageMetaLinks,
  getDocumentById: async ({ params, actor, services }) => ({
    status: 200,
    body: presentDocument(
      await documentResponse(
        services,
        await spaceContent(services, actor, params),
        params.documentId,
        evaluatedFor(actor, {}),
      ),
    ),
    sameUntilDatabaseChanges: true,
  }),
  listFilesInRevisionById: byRevision.files,
  getFileInRevisionById: byRevision.fileById,
  getReusableContentById: current.reusableContentById,
  getReusableContentInRevisionById: byRevision.reusableContentById,
  getReusableContentDocumentInRevisionById: byRevision.reusableContentDocument,
  getVariablesInRevisionById: byRevision.variables,
  getRevisionSemanticChanges: async ({ params, query, actor, services }) => {
    const { space, revision } = await spaceContent(services, actor, params);
    const [parent] = revision.parents;
    const before =
      parent === undefined ? undefined : await loadRevision(services.db, space, parent);
    return {
      status: 200,
      body: presentSemanticChanges(
        await changesBetween(services.db, before, revision),
        query.limit ?? 10,
        downloadUrlOf(services),
      ),
    };
  },
};
