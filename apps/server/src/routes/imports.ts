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
import type { AppServices } from '../services/app-services.js';

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
async function loadWritableSpace(
  services: AppServices,
  actor: Actor,
  spaceId: string,
  action: string,
) {
  const { space, role } = await loadSpaceForCaller(services.db, actor, spaceId);
  requireSpaceRole(role, 'edit', action);
  requireUnlockedSpace(space);
  return space;
}

/** The 201 of an import, pointing at the revision it wrote. */
function imported(services: AppServices, spaceId: string, body: ImportOutcome) {
  return {
    status: 201 as const,
    body,
    headers: { Location: services.urls.api('spaces', spaceId, 'revisions', body.revision) },
  };
}

/** Handlers of imports and templates. */
export const importHandlers: ImportHandlers = {
  importContent: async ({ params, body, actor, services }) => {
    const space = await loadWritableSpace(services, actor, params.spaceId, importAction);
    const target = { kind: 'space' as const, spaceId: space.id };
    const result = await importContent(
      services.db,
      actor,
      target,
      body,
      services.imports,
      services.clock.now(),
    );
    return imported(services, space.id, result);
  },
  importContentInPage: async ({ params, body, actor, services }) => {
    const space = await loadWritableSpace(services, actor, params.spaceId, importAction);
    const tree = await openRevisionContent(
      services.db,
      await loadSpaceRevision(services.db, space),
    );
    const page = await readPageById(tree, params.pageId);
    const target = { kind: 'space' as const, spaceId: space.id, into: page.page.id };
    const result = await importContent(
      services.db,
      actor,
      target,
      body,
      services.imports,
      services.clock.now(),
    );
    return imported(services, space.id, result);
  },
  importContentInChangeRequest: async ({ params, body, actor, services }) => {
    const { space, role, changeRequest } = await loadChangeRequestForCaller(
      services.db,
      actor,
      params.spaceId,
      params.changeRequestId,
    );
    requireSpaceRole(role, 'edit', importAction);
    requireUnlockedSpace(space);
    const target = { kind: 'change-request' as const, changeRequest };
    const result = await importContent(
      services.db,
      actor,
      target,
      body,
      services.imports,
      services.clock.now(),
    );
    return imported(services, space.id, result);
  },
  applyTemplateToSpace: async ({ params, body, actor, services }) => {
    const space = await loadWritableSpace(services, actor, params.spaceId, 'apply a template');
    await applySpaceTemplate(
      services.db,
      actor,
      space.id,
      body.id,
      services.contentWrites,
      services.clock.now(),
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
