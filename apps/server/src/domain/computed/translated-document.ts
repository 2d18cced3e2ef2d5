import type { components } from '@quire/contract';
import { conflict, invalid, shorten, upstreamFailed } from '../../errors.js';
import { findTranslation } from '../../store/translations.js';
import { loadSpaceRevision } from '../content/content-revisions.js';
import { openRevisionContent, readPageBodyById } from '../content/read-content.js';
import { findSpaceForCaller } from '../spaces/space-access.js';
import { documentTexts } from '../translations/document-texts.js';
import { instructionsText } from '../translations/run-translation.js';
import { TranslationEngineError, translateAll } from '../translations/translation-engine.js';
import type { ComputedDocumentHandler } from './compute-document.js';

type Source = components['schemas']['ComputedContentSourceDocumentTranslation'];

/**
 * The document `props.document` of the space `props.space` (the translation's source, which the
 * caller may read) as it is now, its prose translated into the translation's language by the
 * configured engine, as translation runs translate pages: code, formulas, URLs and variables
 * stay as written.
 */
export const translatedDocument: ComputedDocumentHandler<Source> = async (
  services,
  { organizationId, actor, source },
) => {
  const translationId = source.dependencies.translation.ref.translation;
  const translation = await findTranslation(services.db, organizationId, translationId);
  if (translation === undefined) {
    throw invalid(
      `body.source.dependencies.translation.ref.translation: the organization has no translation ${shorten(translationId, 64)}`,
    );
  }
  const { space: spaceId, document: documentId } = source.props;
  const access = await findSpaceForCaller(services.db, actor, spaceId);
  // Another organization's space, one the caller may not read, and none at all read the same.
  if (access === undefined || access.space.organizationId !== organizationId) {
    throw invalid(
      `body.source.props.space: no space ${shorten(spaceId, 64)} you may read in this organization`,
    );
  }
  if (translation.sourceSpaceId !== spaceId) {
    throw invalid(
      `body.source.props.space: translation ${translation.id} does not translate space ${spaceId}`,
    );
  }
  const tree = await openRevisionContent(
    services.db,
    await loadSpaceRevision(services.db, access.space),
  );
  const document = await readPageBodyById(tree, documentId);
  if (document === undefined) {
    throw invalid(
      `body.source.props.document: no page of space ${spaceId} has the document ${shorten(documentId, 64)}`,
    );
  }
  const engine = services.translationEngine;
  if (engine === undefined) {
    throw conflict(
      'No translation engine is configured (TRANSLATION_ENGINE), so translated documents cannot be computed',
    );
  }
  const texts = documentTexts(document);
  if (texts.texts.length === 0) return texts.rebuild([]);
  try {
    const translated = await translateAll(engine, texts.texts, {
      source: translation.sourceLanguage,
      target: translation.language,
      instructions: instructionsText(translation.instructions),
    });
    return texts.rebuild(translated);
  } catch (error) {
    if (error instanceof TranslationEngineError) {
      throw upstreamFailed(`The translation engine could not translate: ${error.message}`);
    }
    throw error;
  }
};
