import type { Document } from '@quire/document';
import { resolvePagePath } from '../content-index/page-links.js';
import type { PageNode } from './read-content.js';

/**
 * The document with every reference to another page (links, buttons, cards) written the way
 * GitBook writes stable references, by the target's id (`/pages/{pageId}#anchor`), resolved from
 * the page at `pagePath` that holds it; a reference to no page of the revision becomes an
 * absolute path (`/missing/page.md`). Either reads the same wherever the Markdown is moved.
 * @example withStableRefs(body, 'guide/install', pageIdsByPath(await readPageTree(tree)));
 */
export function withStableRefs(
  document: Document,
  pagePath: string,
  pageIds: ReadonlyMap<string, string>,
): Document {
  const rewritten: Document = JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (!isPageRef(value)) return value;
    const path = resolvePagePath(pagePath, value.page);
    const id = pageIds.get(path);
    return {
      ...value,
      page: id === undefined ? `/${path === '' ? 'README' : path}.md` : `/pages/${id}`,
    };
  });
  return rewritten;
}

/** Every page of a tree by its path. */
export function pageIdsByPath(nodes: readonly PageNode[]): Map<string, string> {
  const ids = new Map<string, string>();
  const visit = (node: PageNode) => {
    ids.set(node.path, node.page.id);
    node.children.forEach(visit);
  };
  nodes.forEach(visit);
  return ids;
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
