import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type { PageNode } from '../domain/content/read-content.js';
import { presentDocument } from './json-document.js';
import { presentPageMetaLinks } from './page-meta-links.js';
import type { Urls } from './urls.js';

type RevisionPage = components['schemas']['RevisionPage'];
type PageLayout = components['schemas']['PageLayout'];

/** A page body as a read asked for it. */
export type PageBody = { markdown: string } | { document: Document };

// Pages carry no layout of their own yet; every document page has the published defaults.
const defaultLayout: PageLayout = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

/**
 * The pages of a space's tree as the API shows them, each with its children, without bodies.
 * Trees run to thousands of pages, so this builds each object once, with no spreading.
 * @example presentPages(await readPageTree(tree), space.id, services.urls);
 */
export function presentPages(nodes: PageNode[], spaceId: string, urls: Urls): RevisionPage[] {
  const pageUrlPrefix = urls.app('spaces', spaceId, 'pages', '');
  const present = (node: PageNode): RevisionPage =>
    presentNode(node, (id) => pageUrlPrefix + encodeURIComponent(id), present);
  return nodes.map(present);
}

/** One page with its children, and its body when given (a single page read). */
export function presentPage(
  node: PageNode,
  spaceId: string,
  urls: Urls,
  body?: PageBody,
): RevisionPage {
  const [presented] = presentPages([node], spaceId, urls);
  if (presented === undefined) throw new Error(`Page ${node.page.id} could not be presented`);
  if (body !== undefined && presented.type === 'document') {
    if ('markdown' in body) presented.markdown = body.markdown;
    else presented.document = presentDocument(body.document);
  }
  return presented;
}

function presentNode(
  node: PageNode,
  pageUrl: (id: string) => string,
  present: (node: PageNode) => RevisionPage,
): RevisionPage {
  const { page, path } = node;
  const children = node.children.map(present);
  if (page.type === 'group') {
    const group: RevisionPage = {
      id: page.id,
      title: page.title,
      kind: 'group',
      type: 'group',
      slug: page.slug,
      path,
      hidden: page.hidden ?? false,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      pages: children,
    };
    if (page.emoji !== undefined) group.emoji = page.emoji;
    if (page.icon !== undefined) group.icon = page.icon;
    return group;
  }
  if (page.type === 'link') {
    const target = page.target ?? { kind: 'url', url: 'about:blank' };
    const link: RevisionPage = {
      id: page.id,
      title: page.title,
      kind: 'link',
      type: 'link',
      target,
      href: target.kind === 'url' ? target.url : pageUrl(target.page),
      hidden: page.hidden ?? false,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      pages: [],
    };
    if (page.emoji !== undefined) link.emoji = page.emoji;
    if (page.icon !== undefined) link.icon = page.icon;
    return link;
  }
  const document: RevisionPage = {
    id: page.id,
    title: page.title,
    kind: 'sheet',
    type: 'document',
    slug: page.slug,
    path,
    documentId: page.documentId ?? '',
    layout: defaultLayout,
    tags: [],
    hidden: page.hidden ?? false,
    noIndex: page.noIndex ?? false,
    noRobotsIndex: page.noRobotsIndex ?? false,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    urls: { app: pageUrl(page.id) },
    pages: children,
  };
  if (page.emoji !== undefined) document.emoji = page.emoji;
  if (page.icon !== undefined) document.icon = page.icon;
  if (page.description !== undefined) document.description = page.description;
  if (page.metaLinks !== undefined) document.metaLinks = presentPageMetaLinks(page.metaLinks);
  return document;
}
