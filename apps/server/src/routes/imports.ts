import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import { loadChangeRequestForCaller } from '../domain/change-requests/change-request-access.js';
import { requireUnlockedSpace } from '../domain/change-requests/content-writes.js';
import { loadSpaceRevision } from '../domain/content/content-revisions.js';
import { openRevisionContent, readPageById } from '../domain/content/read-content.js';
import { type ImportOutcome, importContent } from '../domain/imports/import-content.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { applySpaceTemplate } from '../domain/templates/apply-template.js';
import { contentTemplates, templatePageCount } from '../domain/templates/template-catalog.js';
import type { HandlerTable } from '../http/handler.js';
import { requireSpaceRole } from '../policies/space-policy.js';
import { contentWriteServices } from './content-write-services.js';
import { importServices } from './import-services.js';

type ImportHandlers = Pick<
  HandlerTable,
  | 'importContent'
  | 'importContentInPage'
  | 'importContentInChangeRequest'
  | 'applyTemplateToSpace'
  | 'listContentTemplates'
>;

const importAction = 'import content';

/** A space the caller may write content into: edit+ and not locked (checked before fetching). */
async function loadWritableSpace(deps: AppDeps, actor: Actor, spaceId: string, action: string) {
  const { space, role } = await loadSpaceForCaller(deps.db, actor, spaceId);
  requireSpaceRole(role, 'edit', action);
  requireUnlockedSpace(space);
  return space;
}

/** The 201 of an import, pointing at the revision it wrote. */
function imported(deps: AppDeps, spaceId: string, body: ImportOutcome) {
  return {
    status: 201 as const,
    body,
    headers: { Location: deps.urls.api('spaces', spaceId, 'revisions', body.revision) },
  };
}

/** Handlers of imports and templates. */
export const importHandlers: ImportHandlers = {
  importContent: async ({ params, body, actor, deps }) => {
    const space = await loadWritableSpace(deps, actor, params.spaceId, importAction);
    const target = { kind: 'space' as const, spaceId: space.id };
    const result = await importContent(
      deps.db,
      actor,
      target,
      body,
      importServices(deps),
      deps.clock.now(),
    );
    return imported(deps, space.id, result);
  },
  importContentInPage: async ({ params, body, actor, deps }) => {
    const space = await loadWritableSpace(deps, actor, params.spaceId, importAction);
    const tree = await openRevisionContent(deps.db, await loadSpaceRevision(deps.db, space));
    const page = await readPageById(tree, params.pageId);
    const target = { kind: 'space' as const, spaceId: space.id, into: page.page.id };
    const result = await importContent(
      deps.db,
      actor,
      target,
      body,
      importServices(deps),
      deps.clock.now(),
    );
    return imported(deps, space.id, result);
  },
  importContentInChangeRequest: async ({ params, body, actor, deps }) => {
    const { space, role, changeRequest } = await loadChangeRequestForCaller(
      deps.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    requireSpaceRole(role, 'edit', importAction);
    requireUnlockedSpace(space);
    const target = { kind: 'change-request' as const, changeRequest };
    const result = await importContent(
      deps.db,
      actor,
      target,
      body,
      importServices(deps),
      deps.clock.now(),
    );
    return imported(deps, space.id, result);
  },
  applyTemplateToSpace: async ({ params, body, actor, deps }) => {
    const space = await loadWritableSpace(deps, actor, params.spaceId, 'apply a template');
    await applySpaceTemplate(
      deps.db,
      actor,
      space.id,
      body.id,
      contentWriteServices(deps),
      deps.clock.now(),
    );
    return { status: 201, body: undefined };
  },
  listContentTemplates: async () => ({
    status: 200,
    body: {
      items: contentTemplates.map((template) => ({
        object: 'content-template' as const,
        id: template.id,
        title: template.title,
        description: template.description,
        pages: templatePageCount(template),
      })),
      count: contentTemplates.length,
    },
  }),
};
