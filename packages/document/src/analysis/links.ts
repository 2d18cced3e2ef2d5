import { linkRefFromUrl } from '../model/link-ref.js';
import type { Block, Document, InlineContent, LinkRef } from '../types.js';
import { inlineText } from './plain-text.js';

/** What a link points to. */
export type LinkKind = 'page' | 'file' | 'anchor' | 'in-app' | 'external';

/** A link or reference found in a document. */
export interface DocumentLink {
  kind: LinkKind;
  /** Page path, file path, anchor (without `#`) or URL. */
  target: string;
  /** Anchor within the target page, for page links with one. */
  anchor?: string;
  /** Link text, image alt text or nothing. */
  text: string;
  /** What holds the reference. */
  source: 'link' | 'image' | 'embed' | 'file' | 'content-ref' | 'page-ref';
  /** Key of the block the reference is in. */
  key?: string;
}

/** Options for `links`. */
export interface LinksOptions {
  /** Origin of this Quire instance (e.g. `https://docs.example.com`); URLs under it are in-app. */
  appOrigin?: string;
}

/**
 * Every link and reference in a document, in document order, with its kind: page, file or
 * anchor (relative references), in-app URL (root-relative, or under `appOrigin`), or external
 * URL. For link checking and backlinks.
 *
 * @example
 * links(markdownToDocument('[Setup](setup.md#install) and [site](https://example.com)'));
 * // [{ kind: 'page', target: 'setup.md', anchor: 'install', text: 'Setup', source: 'link', key },
 * //  { kind: 'external', target: 'https://example.com', text: 'site', source: 'link', key }]
 */
export function links(document: Document, options: LinksOptions = {}): DocumentLink[] {
  const found: DocumentLink[] = [];
  const add = (ref: LinkRef, text: string, source: DocumentLink['source'], key?: string) => {
    const link = describe(ref, options);
    found.push({ ...link, text, source, ...(key === undefined ? {} : { key }) });
  };
  const visitInlines = (nodes: readonly InlineContent[], key: string | undefined) => {
    for (const node of nodes) {
      if (node.object === 'text') continue;
      if (node.type === 'link') {
        add(node.data.ref, inlineText(node.nodes), 'link', key);
        visitInlines(node.nodes, key);
      } else if (node.type === 'inline-image') {
        add(linkRefFromUrl(node.data.src), node.data.alt ?? '', 'image', key);
      } else if (node.type === 'button' && node.data.ref !== undefined) {
        add(node.data.ref, node.data.label, 'link', key);
      }
    }
  };
  const visitBlock = (block: Block, parentKey: string | undefined) => {
    const key = block.key ?? parentKey;
    switch (block.type) {
      case 'image':
        add(linkRefFromUrl(block.data.src), block.data.alt ?? '', 'image', key);
        // The dark-mode variant is a file of its own, and can break on its own.
        if (block.data.srcDark !== undefined)
          add(linkRefFromUrl(block.data.srcDark), block.data.alt ?? '', 'image', key);
        return;
      case 'embed':
        add(linkRefFromUrl(block.data.url), '', 'embed', key);
        return;
      case 'file':
        add(linkRefFromUrl(block.data.src), '', 'file', key);
        return;
      case 'content-ref':
        add(linkRefFromUrl(block.data.url), '', 'content-ref', key);
        break;
      case 'page-ref':
        add(linkRefFromUrl(block.data.page), '', 'page-ref', key);
        return;
    }
    if (!('nodes' in block)) return;
    for (const child of block.nodes) {
      if (child.object === 'block') visitBlock(child, key);
      else visitInlines([child], key);
    }
  };
  for (const block of document.nodes) visitBlock(block, undefined);
  return found;
}

function describe(
  ref: LinkRef,
  options: LinksOptions,
): Pick<DocumentLink, 'kind' | 'target' | 'anchor'> {
  switch (ref.kind) {
    case 'page':
      return ref.anchor === undefined
        ? { kind: 'page', target: ref.page }
        : { kind: 'page', target: ref.page, anchor: ref.anchor };
    case 'file':
      return { kind: 'file', target: ref.file };
    case 'anchor':
      return { kind: 'anchor', target: ref.anchor };
    case 'url':
      return { kind: isInApp(ref.url, options) ? 'in-app' : 'external', target: ref.url };
  }
}

function isInApp(url: string, { appOrigin }: LinksOptions): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  if (!appOrigin) return false;
  const origin = appOrigin.replace(/\/+$/, '');
  return url === origin || url.startsWith(`${origin}/`);
}
