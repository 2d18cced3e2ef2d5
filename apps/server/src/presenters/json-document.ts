import { type Document, type GitBookDocument, toGitBookDocument } from '@quire/document';

/**
 * A body as the API answers it: GitBook's JSON document, block for block, with what only
 * Markdown needs in each node's `markdown` (see `@quire/document`'s `toGitBookDocument`).
 */
export function presentDocument(document: Document): GitBookDocument {
  return toGitBookDocument(document);
}
