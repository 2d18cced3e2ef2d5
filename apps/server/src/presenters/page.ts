import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type { PageNode } from '../domain/content/read-content.js';
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
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
};

/**
 * A page of a space's tree as the API shows it, with its children, and its body when given
 * (a single page read; tree reads leave bodies out).
 */
export function presentPage(
  node: PageNode,
  spaceId: string,
  urls: Urls,
  body?: PageBody,
): RevisionPage {
  const { page, path } = node;
  const common = {
    id: page.id,
    title: page.title,
    ...(page.emoji === undefined ? {} : { emoji: page.emoji }),
    ...(page.icon === undefined ? {} : { icon: page.icon }),
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    hidden: page.hidden ?? false,
    pages: node.children.map((child) => presentPage(child, spaceId, urls)),
  };
  if (page.type === 'group') {
    return { ...common, type: 'group', slug: page.slug, path };
  }
  if (page.type === 'link') {
    const target = page.target ?? { kind: 'url', url: 'about:blank' };
    return {
      ...common,
      type: 'link',
      target,
      href: target.kind === 'url' ? target.url : urls.app('spaces', spaceId, 'pages', target.page),
      pages: [],
    };
  }
  return {
    ...common,
    type: 'document',
    slug: page.slug,
    path,
    ...(page.description === undefined ? {} : { description: page.description }),
    documentId: page.documentId ?? '',
    layout: defaultLayout,
    noIndex: page.noIndex ?? false,
    noRobotsIndex: page.noRobotsIndex ?? false,
    urls: { app: urls.app('spaces', spaceId, 'pages', page.id) },
    ...(body === undefined ? {} : presentBody(body)),
  };
}

function presentBody(body: PageBody): PageBody {
  return 'markdown' in body ? { markdown: body.markdown } : { document: body.document };
}
