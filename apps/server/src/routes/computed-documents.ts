import {
  type ComputeDocumentServices,
  computeDocument,
} from '../domain/computed/compute-document.js';
import { loadSpaceForCaller } from '../domain/spaces/space-access.js';
import { createTranslationEngine } from '../domain/translations/translation-engine.js';
import type { HandlerTable } from '../http/handler.js';
import { presentDocument } from '../presenters/json-document.js';
import type { AppServices } from '../services/app-services.js';

type ComputedDocumentHandlers = Pick<HandlerTable, 'getComputedDocument'>;

/** What computing a document reads, from the app's dependencies. */
function computeDocumentDeps(services: AppServices): ComputeDocumentServices {
  return {
    db: services.db,
    blobs: services.blobs,
    fromMarkdown: (markdown) => services.documents.fromMarkdown(markdown),
    integrationScripts: services.integrationScripts,
    keys: services.keys,
    urls: services.urls,
    translationEngine:
      services.translationEngine === undefined
        ? undefined
        : createTranslationEngine(services.translationEngine),
  };
}

/** Handlers of computed content: documents computed from a content source. */
export const computedDocumentHandlers: ComputedDocumentHandlers = {
  getComputedDocument: async ({ params, body, actor, services }) => {
    const { space } = await loadSpaceForCaller(services.db, actor, params.spaceId);
    const document = await computeDocument(computeDocumentDeps(services), {
      organizationId: space.organizationId,
      spaceId: space.id,
      actor,
      source: body.source,
      seed: body.seed,
    });
    return { status: 200, body: presentDocument(document) };
  },
};
