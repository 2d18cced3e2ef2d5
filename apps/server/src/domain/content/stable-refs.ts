import type { Document } from '@quire/document';
import { resolvePagePath } from '../content-index/page-links.js';

/**
 * The document with every reference to another page (links, buttons, cards) written as an
 * absolute path from the content's root (`/api/auth.md#tokens`), resolved from the page at
 * `pagePath` that holds it: the same target wherever its Markdown is read from.
 * @example withStableRefs(body, 'guide/install'); // '../api/auth.md' becomes '/api/auth.md'
 */
export function withStableRefs(document: Document, pagePath: string): Document {
  const rewritten: Document = JSON.parse(JSON.stringify(document), (_key, value: unknown) =>
    isPageRef(value)
      ? { ...value, page: `/${stablePath(resolvePagePath(pagePath, value.page))}` }
      : value,
  );
  return rewritten;
}

/** The file a page path is read from: the root page is `README.md`, others their path + `.md`. */
function stablePath(path: string): string {
  return path === '' ? 'README.md' : `${path}.md`;
}

function isPageRef(value: unknown): value is { kind: 'page'; page: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    value.kind === 'page' &&
    'page' in value &&
    typeof value.page === 'string'
  );
}
