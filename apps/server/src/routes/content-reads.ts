import type { AppDeps } from '../deps.js';
import type { Actor } from '../domain/actor.js';
import {
  type BodyFormat,
  type ContentSource,
  fileResponse,
  filesResponse,
  pageResponse,
  pagesResponse,
  revisionResponse,
} from './content-responses.js';
import { pageRequest } from './page-request.js';

interface ReadInput<Params, Query = Record<string, never>> {
  params: Params;
  query: Query;
  actor: Actor;
  deps: AppDeps;
}

type PageQuery = {
  format?: 'markdown' | 'document';
  'format.markdown.refs'?: 'relative' | 'stable';
};
type ListQuery = { page?: string; limit?: number };

/** The body format a page read asks for: a document, or Markdown with its page references. */
function bodyFormatOf(query: PageQuery): BodyFormat {
  if (query.format === 'document') return { format: 'document' };
  return { format: 'markdown', refs: query['format.markdown.refs'] ?? 'relative' };
}

/**
 * The six content reads (revision, page tree, page by id, page by path, files, file) of one kind
 * of content, given how to find its revision: a space's current content, a change request's, or
 * a revision by id all read the same way once the revision is known. `sameUntilDatabaseChanges`
 * says whether `load` reads only through the read cache; the page tree and the pages are then
 * kept answers (the revision and the files are not: their download URLs are signed from now).
 * @example const reads = contentReadHandlers((deps, actor, params) => currentContent(…), …);
 */
export function contentReadHandlers<Params>(
  load: (deps: AppDeps, actor: Actor, params: Params) => Promise<ContentSource>,
  { sameUntilDatabaseChanges }: { sameUntilDatabaseChanges: boolean },
) {
  const source = ({ deps, actor, params }: ReadInput<Params, unknown>) => load(deps, actor, params);
  return {
    revision: async (input: ReadInput<Params, unknown>) => ({
      status: 200 as const,
      body: await revisionResponse(input.deps, await source(input)),
    }),
    pages: async (input: ReadInput<Params, unknown>) => ({
      status: 200 as const,
      body: await pagesResponse(input.deps, await source(input)),
      sameUntilDatabaseChanges,
    }),
    pageById: async (input: ReadInput<Params & { pageId: string }, PageQuery>) => ({
      status: 200 as const,
      body: await pageResponse(
        input.deps,
        await source(input),
        { pageId: input.params.pageId },
        bodyFormatOf(input.query),
      ),
      sameUntilDatabaseChanges,
    }),
    pageByPath: async (input: ReadInput<Params & { pagePath: string }, PageQuery>) => ({
      status: 200 as const,
      body: await pageResponse(
        input.deps,
        await source(input),
        { path: input.params.pagePath },
        bodyFormatOf(input.query),
      ),
      sameUntilDatabaseChanges,
    }),
    files: async (input: ReadInput<Params, ListQuery>) => ({
      status: 200 as const,
      body: await filesResponse(input.deps, await source(input), pageRequest(input.query)),
    }),
    fileById: async (input: ReadInput<Params & { fileId: string }, unknown>) => ({
      status: 200 as const,
      body: await fileResponse(input.deps, await source(input), input.params.fileId),
    }),
  };
}
