import type { components } from '@quire/contract';
import type { RevisionPage, SiteContent } from './published-reads.js';
import { findPage, pageHref } from './site-navigation.js';

type MetaLinks = components['schemas']['RevisionPageMetaLinks'];
type MetaLinkTarget = components['schemas']['RevisionPageMetaLinkTarget'];

/** The `<link rel="canonical">` and `<link rel="alternate">` URLs of a page, absolute. */
export interface PageLinkUrls {
  canonical?: string;
  alternates: string[];
}

/**
 * Where a page's meta links point on this site: a URL as it is, a page of the space shown by its
 * URL on the site. A page of another space, or one the reader's tree does not have, is left out:
 * the site knows where only its own pages are.
 * @example metaLinkUrls({ canonical: { kind: 'page', page: 'p1' } }, pages, content);
 */
export function metaLinkUrls(
  metaLinks: MetaLinks,
  pages: readonly RevisionPage[],
  content: SiteContent,
): PageLinkUrls {
  const urlOf = (target: MetaLinkTarget): string | undefined => {
    if (target.kind === 'url') return target.url;
    if (target.space !== undefined && target.space !== content.space) return undefined;
    const page = findPage(pages, (item) => item.id === target.page);
    if (page === undefined || page.type !== 'document') return undefined;
    return new URL(pageHref(content, page.path), content.canonicalUrl).toString();
  };
  const canonical = metaLinks.canonical === undefined ? undefined : urlOf(metaLinks.canonical);
  return {
    ...(canonical === undefined ? {} : { canonical }),
    alternates: (metaLinks.alternates ?? []).flatMap((target) => urlOf(target) ?? []),
  };
}
