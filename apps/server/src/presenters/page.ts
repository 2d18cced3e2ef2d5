import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type { PageChangedInPlace } from '../domain/content/pages-changed-in-place.js';
import type { PageNode } from '../domain/content/read-content.js';
import type { PageRecord } from '../domain/content/records.js';
import { sameItems } from '../same-items.js';
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

/** A page's last presentation, with what it was made from. */
interface Presented {
  path: string;
  pageUrlPrefix: string;
  children: readonly RevisionPage[];
  page: RevisionPage;
}

// Page records are content objects: one never changes, and an edit makes new records only for
// the pages it touched. The presentation of every other page is the same object as before, which
// the JSON of a kept tree does not write again (see `cacheJsonText`).
const lastPresented = new WeakMap<PageRecord, Presented>();

/**
 * The pages of a space's tree as the API shows them, each with its children, without bodies.
 * Trees run to thousands of pages, so this builds each object once, with no spreading, and a
 * page presented before with the same path and children is answered as it was: shared, so that
 * nobody may change it.
 * @example presentPages(await readPageTree(tree), space.id, services.urls);
 */
export function presentPages(nodes: PageNode[], spaceId: string, urls: Urls): RevisionPage[] {
  const pageUrlPrefix = urls.app('spaces', spaceId, 'pages', '');
  const present = (node: PageNode): RevisionPage =>
    presentInTree(node.page, node.path, node.children.map(present), pageUrlPrefix);
  return nodes.map(present);
}

/**
 * A tree presented before (`presentPages`), with pages that changed in place presented again:
 * the tree of the content they changed to, every other page shared with the one before. Each
 * page is found by the ids above it; `undefined` when one is not where they say.
 * @example presentChangedPages(kept.pages, await pagesChangedInPlace(before, after), space.id, urls);
 */
export function presentChangedPages(
  pages: readonly RevisionPage[],
  changed: readonly PageChangedInPlace[],
  spaceId: string,
  urls: Urls,
): RevisionPage[] | undefined {
  const pageUrlPrefix = urls.app('spaces', spaceId, 'pages', '');
  let tree: RevisionPage[] | undefined = [...pages];
  for (const { page, path, ancestors } of changed) {
    tree = replacedAt(tree, [...ancestors, page.id], (before) =>
      presentInTree(page, path, before.pages, pageUrlPrefix),
    );
    if (tree === undefined) return undefined;
  }
  return tree;
}

/** The list with the page at the end of `ids` (a path of ids from this level) replaced. */
function replacedAt(
  pages: readonly RevisionPage[],
  ids: readonly string[],
  replace: (before: RevisionPage) => RevisionPage,
): RevisionPage[] | undefined {
  const [id, ...below] = ids;
  const index = pages.findIndex((page) => page.id === id);
  const before = pages[index];
  if (before === undefined) return undefined;
  let after: RevisionPage;
  if (below.length === 0) after = replace(before);
  else {
    const children = replacedAt(before.pages, below, replace);
    if (children === undefined) return undefined;
    after = { ...before, pages: children };
  }
  const replaced = [...pages];
  replaced[index] = after;
  return replaced;
}

/** A page of a tree with its presented children: as presented last, when nothing differs. */
function presentInTree(
  record: PageRecord,
  path: string,
  children: RevisionPage[],
  pageUrlPrefix: string,
): RevisionPage {
  const last = lastPresented.get(record);
  if (
    last !== undefined &&
    last.path === path &&
    last.pageUrlPrefix === pageUrlPrefix &&
    sameItems(last.children, children)
  ) {
    return last.page;
  }
  const pageUrl = (id: string) => pageUrlPrefix + encodeURIComponent(id);
  const page = presentNode(record, path, pageUrl, children);
  lastPresented.set(record, { path, pageUrlPrefix, children, page });
  return page;
}

/** One page with its children, and its body when given (a single page read). */
export function presentPage(
  node: PageNode,
  spaceId: string,
  urls: Urls,
  body?: PageBody,
): RevisionPage {
  const [shared] = presentPages([node], spaceId, urls);
  if (shared === undefined) throw new Error(`Page ${node.page.id} could not be presented`);
  if (body === undefined || shared.type !== 'document') return shared;
  const presented = { ...shared };
  if ('markdown' in body) presented.markdown = body.markdown;
  else presented.document = presentDocument(body.document);
  return presented;
}

function presentNode(
  page: PageRecord,
  path: string,
  pageUrl: (id: string) => string,
  children: RevisionPage[],
): RevisionPage {
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
  if (page.variables !== undefined) document.variables = { ...page.variables };
  return document;
}
