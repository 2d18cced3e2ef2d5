import { posix } from 'node:path';
import type { Document } from '@quire/document';

/**
 * The document with each reference to a page by its id (as the editor's links and page cards
 * make them) written as the link `linkOf` gives that page, a path from the page holding it, as
 * GitBook's Markdown links pages; a reference by path, or to an id `linkOf` does not know, is
 * left as it is.
 * @example withRelativeRefs(body, (id) => pageLinkFrom('guide/install', pathsById.get(id)));
 */
export function withRelativeRefs(
  document: Document,
  linkOf: (pageId: string) => string | undefined,
): Document {
  return JSON.parse(JSON.stringify(document), (_key, value: unknown) => {
    if (isPageRef(value)) {
      const link = linkOf(value.page);
      return link === undefined ? value : { ...value, page: link };
    }
    if (isPageCard(value)) {
      const link = linkOf(value.data.url);
      if (link === undefined) return value;
      // A card the editor made holds nothing: it holds the link GitBook writes inside a card.
      const nodes = (value as { nodes?: unknown[] }).nodes ?? [];
      return {
        ...value,
        data: { ...value.data, url: link },
        nodes: nodes.length > 0 ? nodes : [cardLink(link)],
      };
    }
    return value;
  });
}

/** The pages a document refers to (links, buttons, page cards), as its references name them. */
export function pageRefTargets(document: Document): string[] {
  const targets: string[] = [];
  // Read on every page read: walked in place, without writing the document out as text.
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    if (isPageRef(value)) targets.push(value.page);
    if (isPageCard(value)) targets.push(value.data.url);
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
  };
  visit(document);
  return targets;
}

/**
 * The link from the page at path `from` to the page at path `to` (API page paths, `guide/install`),
 * read back by the same rules as a link written in Markdown: `install.md`, `../faq.md`.
 */
export function pageLinkFrom(from: string, to: string): string {
  const folder = posix.dirname(from) === '.' ? '' : posix.dirname(from);
  return posix.relative(folder || '.', to === '' ? 'README.md' : `${to}.md`);
}

/** The link GitBook writes inside a page card: the file's name, to the card's URL. */
function cardLink(url: string) {
  const name = posix.basename(url.replace(/\/$/, '')) || url;
  return {
    object: 'block',
    type: 'paragraph',
    nodes: [
      {
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'page', page: url } },
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: name, marks: [] }] }],
      },
    ],
  };
}

/** A page card (`{% content-ref url="…" %}`), which names its page by a URL of its own. */
export function isPageCard(
  value: unknown,
): value is { type: 'content-ref'; data: { url: string } } {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as { type?: unknown; data?: { url?: unknown } };
  return card.type === 'content-ref' && typeof card.data?.url === 'string';
}

/** Whether a value of a document is a reference to a page. */
export function isPageRef(value: unknown): value is { kind: 'page'; page: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    value.kind === 'page' &&
    'page' in value &&
    typeof value.page === 'string'
  );
}
