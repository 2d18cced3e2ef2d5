import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../store/blobs/blob-store.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import type { TranslationEngine } from '../translations/translation-engine.js';
import {
  computeIntegrationDocument,
  type IntegrationSourceServices,
} from './integration-source.js';
import { openApiDocument } from './openapi-document.js';
import { withSeededKeys } from './seeded-keys.js';
import { translatedDocument } from './translated-document.js';

type Schemas = components['schemas'];

/** Where a computed document comes from, as the contract has it. */
export type ComputedDocumentSource = Schemas['ComputedContentSourceDocument'];

/** What computing a document reads from besides its source. */
export interface ComputeDocumentServices extends IntegrationSourceServices {
  db: Kysely<Database>;
  /** Where the files of OpenAPI spec versions are. */
  blobs: BlobStore;
  /** Markdown → document (descriptions of specs), off the event loop for large ones. */
  fromMarkdown(markdown: string): Promise<{ document: Document }>;
  /** The engine translations run on; none: translated documents can't be computed. */
  translationEngine: TranslationEngine | undefined;
}

/** What one computation is asked: the source, the seed of its keys, where and for whom. */
export interface ComputeDocumentInput<Source = ComputedDocumentSource> {
  /** The organization of the space the document is computed for. */
  organizationId: string;
  spaceId: string;
  actor: Actor;
  source: Source;
  seed: string;
}

/** Computes the document of one kind of source; keys are set from the seed afterwards. */
export type ComputedDocumentHandler<Source> = (
  services: ComputeDocumentServices,
  input: ComputeDocumentInput<Source>,
) => Promise<Document>;

/**
 * Computes a document from a content source, by the source's `type`: `builtin:openapi` from one
 * of the organization's OpenAPI specs, `builtin:translation` by translating a document of a
 * space, `integration:<name>:<source>` with an installed integration's content source. Every block gets a key made from the seed, so the same input answers the same document.
 */
export async function computeDocument(
  services: ComputeDocumentServices,
  input: ComputeDocumentInput,
): Promise<Document> {
  const { source } = input;
  let document: Document;
  if (isOpenApiSource(source)) {
    document = await openApiDocument(services, { ...input, source });
  } else if (isTranslationSource(source)) {
    document = await translatedDocument(services, { ...input, source });
  } else {
    // `integration:<integration>:<source>`: the integration's script computes it, in its sandbox.
    document = await computeIntegrationDocument(services, {
      organizationId: input.organizationId,
      spaceId: input.spaceId,
      source,
      seed: input.seed,
    });
  }
  return withSeededKeys(document, input.seed);
}

function isOpenApiSource(
  source: ComputedDocumentSource,
): source is Schemas['ComputedContentSourceDocumentOpenAPI'] {
  return source.type === 'builtin:openapi';
}

function isTranslationSource(
  source: ComputedDocumentSource,
): source is Schemas['ComputedContentSourceDocumentTranslation'] {
  return source.type === 'builtin:translation';
}
