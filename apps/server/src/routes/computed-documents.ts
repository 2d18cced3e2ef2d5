import type { AppDeps } from '../deps.js';
import { type ComputeDocumentDeps, computeDocument } from '../domain/computed/compute-document.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { createTranslationEngine } from '../domain/translations/translation-engine.js';
import type { HandlerTable } from '../http/handler.js';

type ComputedDocumentHandlers = Pick<HandlerTable, 'getComputedDocument'>;

/** What computing a document reads, from the app's dependencies. */
function computeDocumentDeps(deps: AppDeps): ComputeDocumentDeps {
  return {
    db: deps.db,
    blobs: deps.blobs,
    fromMarkdown: (markdown) => deps.documents.fromMarkdown(markdown),
    integrationScripts: deps.integrationScripts,
    keys: deps.keys,
    urls: deps.urls,
    translationEngine:
      deps.translationEngine === undefined
        ? undefined
        : createTranslationEngine(deps.translationEngine),
  };
}

/** Handlers of computed content: documents computed from a content source. */
export const computedDocumentHandlers: ComputedDocumentHandlers = {
  getComputedDocument: async ({ params, body, actor, deps }) => {
    const { space } = await loadSpaceForCaller(deps.db, actor, params.spaceId);
    const document = await computeDocument(computeDocumentDeps(deps), {
      organizationId: space.organizationId,
      spaceId: space.id,
      actor,
      source: body.source,
      seed: body.seed,
    });
    return { status: 200, body: document };
  },
};
