import type { Document } from '@quire/document';
import { resolvePagePath } from '../content-index/page-links.js';
import type { PageNode } from './read-content.js';
import { isPageCard, isPageRef } from './relative-refs.js';

/**
 * The document with every reference to another page (links, buttons, page cards) written the way
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
  const ids = new Set(pageIds.values());
  const stable = (page: string): string => {
    // A reference made by the page's id (as the editor makes them) names it already.
    if (ids.has(page)) return `/pages/${page}`;
    const path = resolvePagePath(pagePath, page);
    const id = pageIds.get(path);
    return id === undefined ? `/${path === '' ? 'README' : path}.md` : `/pages/${id}`;
  };
  const rewritten: Document = JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (isPageRef(value)) return { ...value, page: stable(value.page) };
    if (isPageCard(value))
      return { ...value, data: { ...value.data, url: stable(value.data.url) } };
    return value;
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
