import { type Actor, type Caller, isSiteReader } from '../domain/actor.js';
import {
  type ChangeRequestAccess,
  loadChangeRequestForCaller,
} from '../domain/change-requests/change-request-access.js';
import { changeRequestDiff } from '../domain/change-requests/change-request-diff.js';
import { createChangeRequest } from '../domain/change-requests/create-change-request.js';
import { mergeChangeRequest } from '../domain/change-requests/merge-change-request.js';
import { changeRequestMergeStatus } from '../domain/change-requests/merge-readiness.js';
import { updateChangeRequestFields } from '../domain/change-requests/update-change-request.js';
import { updateChangeRequestFromSpace } from '../domain/change-requests/update-from-space.js';
import { applyContentChanges } from '../domain/content/apply-content-changes.js';
import {
  changesBetween,
  loadChangeRequestMergeBase,
  loadChangeRequestRevision,
  loadRevision,
} from '../domain/content/content-revisions.js';
import { bodyMarkdown } from '../domain/content/page-bodies.js';
import { prepareBody } from '../domain/content/prepare-changes.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import type { MemberRole } from '../model/roles.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { presentChangeRequest } from '../presenters/change-request.js';
import { presentChangeRequestDiff } from '../presenters/change-request-diff.js';
import { presentContentChanges } from '../presenters/content-changes.js';
import { presentList } from '../presenters/list.js';
import { presentSemanticChanges } from '../presenters/semantic-changes.js';
import type { AppServices } from '../services/app-services.js';
import { listChangeRequestsOfSpace } from '../store/change-requests.js';
import { findSpaceById } from '../store/spaces.js';
import { contentReadHandlers } from './content-reads.js';
import { type ContentSource, downloadUrlOf } from './content-responses.js';
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
  services: AppServices,
  actor: Actor,
  params: ChangeRequestParams,
): Promise<ContentSource> {
  const { space, changeRequest } = await loadChangeRequestForCaller(
    services.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  return { space, revision: await loadRevision(services.db, space, changeRequest.revisionId) };
}

// On PostgreSQL, the read cache does not follow other processes' changes to change requests.
const changeRequestReads = contentReadHandlers<ChangeRequestParams>(changeRequestContent, {
  sameUntilDatabaseChanges: false,
});

/** A change request the caller may read, when their role on its space is at least `role`. */
async function loadChangeRequestWithRole(
  services: AppServices,
  actor: Actor,
  params: ChangeRequestParams,
  role: MemberRole,
  action: string,
): Promise<ChangeRequestAccess> {
  const access = await loadChangeRequestForCaller(
    services.db,
    actor,
    params.spaceId,
    params.changeRequestId,
  );
  requireSpaceRole(access.role, role, action);
  return access;
}

/** Merges a change request into its space or updates it from it, for a caller with `role`. */
async function mergeOrUpdate(
  { params, actor, services }: { params: ChangeRequestParams; actor: Actor; services: AppServices },
  role: MemberRole,
  action: string,
  run: typeof mergeChangeRequest,
) {
  const access = await loadChangeRequestWithRole(services, actor, params, role, action);
  const body = await run(
    services.db,
    actor,
    access.space.id,
    access.changeRequest.id,
    services.merges,
    services.clock.now(),
  );
  return { status: 200 as const, body };
}

/** A change request read on its own: with what the caller may do and which merge rules stop it. */
async function present(services: AppServices, actor: Actor, access: ChangeRequestAccess) {
  const mergeStatus = await changeRequestMergeStatus(services.db, access, actor.user.id);
  return presentChangeRequest(
    access.changeRequest,
    access.author,
    access.space,
    services.urls,
    mergeStatus,
  );
}

/**
 * The member calling; a site's reader token reads no change request, since none is published
 * (a published site's preview URLs are for members), and is answered as if there were none.
 */
function memberCalling(caller: Caller, changeRequestId: string): Actor {
  if (isSiteReader(caller)) throw notFound(`Change request ${changeRequestId} not found`);
  return caller;
}

/** Handlers of the `change-requests` tag. */
export const changeRequestHandlers: ChangeRequestHandlers = {
  listChangeRequestsForSpace: async ({ params, query, actor, services }) => {
    const { space } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    const page = await listChangeRequestsOfSpace(
      services.db,
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
        presentChangeRequest(changeRequest, author, space, services.urls),
      ),
    };
  },

  createChangeRequest: async ({ params, body, actor, services }) => {
    const { space, role } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    requireSpaceRole(role, 'edit', 'create change requests');
    const created = await createChangeRequest(
      services.db,
      actor,
      space,
      body ?? {},
      services.clock.now(),
    );
    const access = await loadChangeRequestForCaller(services.db, actor, space.id, created.id);
    const answer = await present(services, actor, access);
    return { status: 201, body: answer, headers: { Location: answer.urls.location } };
  },

  getChangeRequestById: async ({ params, actor: caller, services }) => {
    const actor = memberCalling(caller, params.changeRequestId);
    return {
      status: 200,
      body: await present(
        services,
        actor,
        await loadChangeRequestForCaller(
          services.db,
          actor,
          params.spaceId,
          params.changeRequestId,
        ),
      ),
    };
  },

  updateChangeRequestById: async ({ params, body, actor, services }) => {
    const access = await loadChangeRequestWithRole(
      services,
      actor,
      params,
      'edit',
      'edit change requests',
    );
    const { description, ...fields } = body;
    const document =
      description === undefined || description === null
        ? description
        : await prepareBody({ document: description }, 'body.description', services.documents);
    await updateChangeRequestFields(
      services.db,
      actor,
      access.space,
      access.changeRequest,
      {
        ...fields,
        ...(document === undefined
          ? {}
          : { description: document === null || document.nodes.length === 0 ? null : document }),
      },
      services.clock.now(),
    );
    return {
      status: 200,
      body: await present(
        services,
        actor,
        await loadChangeRequestForCaller(
          services.db,
          actor,
          access.space.id,
          access.changeRequest.id,
        ),
      ),
    };
  },

  updateChangeRequestContent: async ({ params, query, body, actor, services }) => {
    const access = await loadChangeRequestWithRole(
      services,
      actor,
      params,
      'edit',
      'edit change requests',
    );
    const applied = await applyContentChanges(
      services.db,
      actor,
      access.changeRequest,
      body.changes,
      services.contentWrites,
      services.clock.now(),
    );
    const space = (await findSpaceById(services.db, access.space.id)) ?? access.space;
    if (query.compat ?? true) {
      return {
        status: 200,
        body: presentChangeRequest(applied.changeRequest, access.author, space, services.urls),
      };
    }
    return {
      status: 200,
      body: presentContentChanges(applied, access.author, space, {
        urls: services.urls,
        downloadUrl: downloadUrlOf(services),
      }),
    };
  },

  mergeChangeRequest: (input) =>
    mergeOrUpdate(input, 'review', 'merge change requests', mergeChangeRequest),

  updateChangeRequest: (input) =>
    mergeOrUpdate(input, 'edit', 'update change requests', (...args) =>
      updateChangeRequestFromSpace(...args, input.body?.resolutions ?? []),
    ),

  getChangeRequestChanges: async ({ params, query, actor: caller, services }) => {
    const { space, changeRequest } = await loadChangeRequestForCaller(
      services.db,
      memberCalling(caller, params.changeRequestId),
      params.spaceId,
      params.changeRequestId,
    );
    const changes = await changesBetween(
      services.db,
      await loadChangeRequestMergeBase(services.db, space, changeRequest),
      await loadChangeRequestRevision(services.db, space, changeRequest),
    );
    return {
      status: 200,
      body: presentSemanticChanges(changes, query.limit ?? 10, downloadUrlOf(services)),
    };
  },

  getChangeRequestDiff: async ({ params, query, actor, services }) => {
    const { space, changeRequest } = await loadChangeRequestForCaller(
      services.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    const diffs = await changeRequestDiff(
      services.db,
      space,
      changeRequest,
      (objects, documentId) => bodyMarkdown(services, objects, documentId),
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
