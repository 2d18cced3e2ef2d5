import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import {
  type ChangeRequestAccess,
  loadChangeRequestForCaller,
} from '../domain/change-requests/change-request-access.js';
import { changeRequestDiff } from '../domain/change-requests/change-request-diff.js';
import { createChangeRequest } from '../domain/change-requests/create-change-request.js';
import { mergeChangeRequest } from '../domain/change-requests/merge-change-request.js';
import { changeRequestStanding } from '../domain/change-requests/merge-readiness.js';
import { updateChangeRequestFields } from '../domain/change-requests/update-change-request.js';
import { updateChangeRequestFromSpace } from '../domain/change-requests/update-from-space.js';
import { applyContentChanges } from '../domain/content/apply-content-changes.js';
import {
  changesBetween,
  loadChangeRequestMergeBase,
  loadChangeRequestRevision,
  loadRevision,
} from '../domain/content/content-revisions.js';
import { prepareBody } from '../domain/content/prepare-changes.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import type { HandlerTable } from '../http/handler.js';
import type { MemberRole } from '../model/roles.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { presentChangeRequest } from '../presenters/change-request.js';
import { presentChangeRequestDiff } from '../presenters/change-request-diff.js';
import { presentContentChanges } from '../presenters/content-changes.js';
import { presentList } from '../presenters/list.js';
import { presentSemanticChanges } from '../presenters/semantic-changes.js';
import { listChangeRequestsOfSpace } from '../store/change-requests.js';
import { findSpaceById } from '../store/spaces.js';
import { contentReadHandlers } from './content-reads.js';
import { bodyMarkdown, type ContentSource, downloadUrlOf } from './content-responses.js';
import { contentWriteServices, mergeServices } from './content-write-services.js';
import { pageRequest } from './page-request.js';

type ChangeRequestHandlers = Pick<
  HandlerTable,
  | 'listChangeRequestsForSpace'
  | 'createChangeRequest'
  | 'getChangeRequestById'
  | 'updateChangeRequestById'
  | 'updateChangeRequestContent'
  | 'getRevisionOfChangeRequestById'
  | 'listPagesInChangeRequest'
  | 'getPageInChangeRequestById'
  | 'getPageInChangeRequestByPath'
  | 'listChangeRequestPageMetaLinks'
  | 'listFilesInChangeRequestById'
  | 'getFileInChangeRequestById'
  | 'getReusableContentInChangeRequestById'
  | 'mergeChangeRequest'
  | 'updateChangeRequest'
  | 'getChangeRequestChanges'
  | 'getChangeRequestDiff'
>;

type ChangeRequestParams = { spaceId: string; changeRequestId: string };

async function changeRequestContent(
  deps: AppDeps,
  actor: Actor,
  params: ChangeRequestParams,
): Promise<ContentSource> {
  const { space, changeRequest } = await loadChangeRequestForCaller(
    deps.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  return { space, revision: await loadRevision(deps.db, space, changeRequest.revisionId) };
}

// On PostgreSQL, the read cache does not follow other processes' changes to change requests.
const changeRequestReads = contentReadHandlers<ChangeRequestParams>(changeRequestContent, {
  sameUntilDatabaseChanges: false,
});

/** A change request the caller may read, when their role on its space is at least `role`. */
async function loadChangeRequestWithRole(
  deps: AppDeps,
  actor: Actor,
  params: ChangeRequestParams,
  role: MemberRole,
  action: string,
): Promise<ChangeRequestAccess> {
  const access = await loadChangeRequestForCaller(
    deps.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  requireSpaceRole(access.role, role, action);
  return access;
}

/** Merges a change request into its space or updates it from it, for a caller with `role`. */
async function mergeOrUpdate(
  { params, actor, deps }: { params: ChangeRequestParams; actor: Actor; deps: AppDeps },
  role: MemberRole,
  action: string,
  run: typeof mergeChangeRequest,
) {
  const access = await loadChangeRequestWithRole(deps, actor, params, role, action);
  const body = await run(
    deps.db,
    actor,
    access.space.id,
    access.changeRequest.id,
    mergeServices(deps),
    deps.clock.now(),
  );
  return { status: 200 as const, body };
}

/** A change request read on its own: with what the caller may do and which merge rules stop it. */
async function present(deps: AppDeps, actor: Actor, access: ChangeRequestAccess) {
  const standing = await changeRequestStanding(deps.db, access, actor.user.id);
  return presentChangeRequest(
    access.changeRequest,
    access.author,
    access.space,
    deps.urls,
    standing,
  );
}

/** Handlers of the `change-requests` tag. */
export const changeRequestHandlers: ChangeRequestHandlers = {
  listChangeRequestsForSpace: async ({ params, query, actor, deps }) => {
    const { space } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    const page = await listChangeRequestsOfSpace(
      deps.db,
      space.id,
      {
        status: query.status ?? 'open',
        // A change request's contributor is its creator here: both filter the same way.
        creators: [query.contributor, query.creator].filter((id) => id !== undefined),
        requestedReviewer: query.requestedReviewer,
        orderBy: query.orderBy ?? 'updatedAt',
      },
      pageRequest(query),
    );
    return {
      status: 200,
      body: presentList(page, ({ changeRequest, author }) =>
        presentChangeRequest(changeRequest, author, space, deps.urls),
      ),
    };
  },

  createChangeRequest: async ({ params, body, actor, deps }) => {
    const { space, role } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    requireSpaceRole(role, 'edit', 'create change requests');
    const created = await createChangeRequest(deps.db, actor, space, body ?? {}, deps.clock.now());
    const access = await loadChangeRequestForCaller(deps.db, actor, space.id, created.id);
    const answer = await present(deps, actor, access);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getChangeRequestById: async ({ params, actor, deps }) => ({
    status: 200,
    body: await present(
      deps,
      actor,
      await loadChangeRequestForCaller(deps.db, actor, params.spaceId, params.changeRequestId),
    ),
  }),

  updateChangeRequestById: async ({ params, body, actor, deps }) => {
    const access = await loadChangeRequestWithRole(
      deps,
      actor,
      params,
      'edit',
      'edit change requests',
    );
    const { description, ...fields } = body;
    const document =
      description === undefined || description === null
        ? description
        : await prepareBody({ document: description }, 'body.description', deps.documents);
    await updateChangeRequestFields(
      deps.db,
      actor,
      access.space,
      access.changeRequest,
      {
        ...fields,
        ...(document === undefined
          ? {}
          : { description: document === null || document.nodes.length === 0 ? null : document }),
      },
      deps.clock.now(),
    );
    return {
      status: 200,
      body: await present(
        deps,
        actor,
        await loadChangeRequestForCaller(deps.db, actor, access.space.id, access.changeRequest.id),
      ),
    };
  },

  updateChangeRequestContent: async ({ params, query, body, actor, deps }) => {
    const access = await loadChangeRequestWithRole(
      deps,
      actor,
      params,
      'edit',
      'edit change requests',
    );
    const applied = await applyContentChanges(
      deps.db,
      actor,
      access.changeRequest,
      body.changes,
      contentWriteServices(deps),
      deps.clock.now(),
    );
    const space = (await findSpaceById(deps.db, access.space.id)) ?? access.space;
    if (query.compat ?? true) {
      return {
        status: 200,
        body: presentChangeRequest(applied.changeRequest, access.author, space, deps.urls),
      };
    }
    return {
      status: 200,
      body: presentContentChanges(applied, access.author, space, {
        urls: deps.urls,
        downloadUrl: downloadUrlOf(deps),
      }),
    };
  },

  mergeChangeRequest: (input) =>
    mergeOrUpdate(input, 'review', 'merge change requests', mergeChangeRequest),

  updateChangeRequest: (input) =>
    mergeOrUpdate(input, 'edit', 'update change requests', updateChangeRequestFromSpace),

  getChangeRequestChanges: async ({ params, query, actor, deps }) => {
    const { space, changeRequest } = await loadChangeRequestForCaller(
      deps.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    const changes = await changesBetween(
      deps.db,
      await loadChangeRequestMergeBase(deps.db, space, changeRequest),
      await loadChangeRequestRevision(deps.db, space, changeRequest),
    );
    return {
      status: 200,
      body: presentSemanticChanges(changes, query.limit ?? 10, downloadUrlOf(deps)),
    };
  },

  getChangeRequestDiff: async ({ params, query, actor, deps }) => {
    const { space, changeRequest } = await loadChangeRequestForCaller(
      deps.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    const diffs = await changeRequestDiff(
      deps.db,
      space,
      changeRequest,
      (objects, documentId) => bodyMarkdown(deps, objects, documentId),
      { pageId: query.pageId, context: query.context ?? 3 },
    );
    return { status: 200, body: presentChangeRequestDiff(diffs) };
  },

  getRevisionOfChangeRequestById: changeRequestReads.revision,
  listPagesInChangeRequest: changeRequestReads.pages,
  getPageInChangeRequestById: changeRequestReads.pageById,
  getPageInChangeRequestByPath: changeRequestReads.pageByPath,
  listChangeRequestPageMetaLinks: changeRequestReads.pageMetaLinks,
  listFilesInChangeRequestById: changeRequestReads.files,
  getFileInChangeRequestById: changeRequestReads.fileById,
  getReusableContentInChangeRequestById: changeRequestReads.reusableContentById,
};
