import type { Actor, Caller } from '../domain/actor.js';
import { asksDereferenced } from '../domain/content/dereference.js';
import { type BodyFormat, evaluatedFor } from '../domain/content/page-bodies.js';
import { presentDocument } from '../presenters/json-document.js';
import type { AppServices } from '../services/app-services.js';
import {
  type ContentSource,
  fileResponse,
  filesResponse,
  pageDocumentResponse,
  pageMetaLinksResponse,
  pageResponse,
  pagesResponse,
  reusableContentDocumentResponse,
  reusableContentResponse,
  revisionResponse,
  variablesResponse,
} from './content-responses.js';
import { pageRequest } from './page-request.js';

interface ReadInput<Params, Query, Who extends Caller> {
  params: Params;
  query: Query;
  actor: Who;
  services: AppServices;
}

type PageQuery = {
  format?: 'markdown' | 'document';
  'format.markdown.refs'?: 'relative' | 'stable';
  evaluated?: boolean | 'deterministic-only';
  dereferenced?: boolean | 'reusable-contents';
};

type DocumentQuery = {
  evaluated?: boolean | 'deterministic-only';
  dereferenced?: boolean | 'reusable-contents';
};

type ListQuery = { page?: string; limit?: number };

/** The body format a page read asks for: a document, or Markdown with its page references. */
function bodyFormatOf(query: PageQuery): BodyFormat {
  if (query.format === 'document') return { format: 'document' };
  return { format: 'markdown', refs: query['format.markdown.refs'] ?? 'relative' };
}

/**
 * The content reads (revision, variables, page tree, page by id, page by path, page document,
 * files, file, reusable content and its document) of one kind
 * of content, given how to find its revision: a space's current content, a change request's, or
 * a revision by id all read the same way once the revision is known. `sameUntilDatabaseChanges`
 * says whether `load` reads only through the read cache; the page tree and the pages are then
 * kept answers (the revision and the files are not: their download URLs are signed from now).
 * @example const reads = contentReadHandlers((services, actor, params) => currentContent(…), …);
 */
export function contentReadHandlers<Params, Who extends Caller = Actor>(
  load: (services: AppServices, actor: Who, params: Params) => Promise<ContentSource>,
  { sameUntilDatabaseChanges }: { sameUntilDatabaseChanges: boolean },
) {
  type Input<P, Q> = ReadInput<P, Q, Who>;
  const source = ({ services, actor, params }: Input<Params, unknown>) =>
    load(services, actor, params);
  return {
    revision: async (input: Input<Params, unknown>) => ({
      status: 200 as const,
      body: await revisionResponse(input.services, await source(input)),
    }),
    variables: async (input: Input<Params, unknown>) => ({
      status: 200 as const,
      body: await variablesResponse(input.services, await source(input)),
      sameUntilDatabaseChanges,
    }),
    pages: async (input: Input<Params, unknown>) => ({
      status: 200 as const,
      body: await pagesResponse(input.services, await source(input)),
      sameUntilDatabaseChanges,
    }),
    pageById: async (input: Input<Params & { pageId: string }, PageQuery>) => ({
      status: 200 as const,
      body: await pageResponse(
        input.services,
        await source(input),
        { pageId: input.params.pageId },
        bodyFormatOf(input.query),
        evaluatedFor(input.actor, input.query),
        asksDereferenced(input.query.dereferenced),
      ),
      sameUntilDatabaseChanges,
    }),
    pageByPath: async (input: Input<Params & { pagePath: string }, PageQuery>) => ({
      status: 200 as const,
      body: await pageResponse(
        input.services,
        await source(input),
        { path: input.params.pagePath },
        bodyFormatOf(input.query),
        evaluatedFor(input.actor, input.query),
        asksDereferenced(input.query.dereferenced),
      ),
      sameUntilDatabaseChanges,
    }),
    files: async (input: Input<Params, ListQuery>) => ({
      status: 200 as const,
      body: await filesResponse(input.services, await source(input), pageRequest(input.query)),
    }),
    pageDocument: async (input: Input<Params & { pageId: string }, DocumentQuery>) => ({
      status: 200 as const,
      body: presentDocument(
        await pageDocumentResponse(
          input.services,
          await source(input),
          input.params.pageId,
          evaluatedFor(input.actor, input.query),
          asksDereferenced(input.query.dereferenced),
        ),
      ),
      sameUntilDatabaseChanges,
    }),
    reusableContentById: async (input: Input<Params & { reusableContentId: string }, unknown>) => ({
      status: 200 as const,
      body: await reusableContentResponse(
        input.services,
        await source(input),
        input.params.reusableContentId,
      ),
      sameUntilDatabaseChanges,
    }),
    reusableContentDocument: async (
      input: Input<Params & { reusableContentId: string }, DocumentQuery>,
    ) => ({
      status: 200 as const,
      body: presentDocument(
        await reusableContentDocumentResponse(
          input.services,
          await source(input),
          input.params.reusableContentId,
          {
            evaluatedFor: evaluatedFor(input.actor, input.query),
            dereferenced: asksDereferenced(input.query.dereferenced),
          },
        ),
      ),
      sameUntilDatabaseChanges,
    }),
    pageMetaLinks: async (input: Input<Params & { pageId: string }, unknown>) => ({
      status: 200 as const,
      body: await pageMetaLinksResponse(input.services, await source(input), input.params.pageId),
      sameUntilDatabaseChanges,
    }),
    fileById: async (input: Input<Params & { fileId: string }, unknown>) => ({
      status: 200 as const,
      body: await fileResponse(input.services, await source(input), input.params.fileId),
    }),
  };
}
