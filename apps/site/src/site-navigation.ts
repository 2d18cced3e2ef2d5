import type { components } from '@quire/contract';
import type {
  PublishedSite,
  RevisionPage,
  SiteContent,
  SiteSection,
  SiteSpace,
} from './published-reads.js';
import type { HeaderLink, Link, NavEntry, PageTreeItem } from './views/index.js';

type LinkTarget = components['schemas']['SiteLinkTarget'];

/** The sections of a site in reading order, groups flattened. */
export function sectionsOf(site: PublishedSite): SiteSection[] {
  if (site.structure.type !== 'sections') return [];
  return site.structure.structure.flatMap((item) =>
    item.object === 'site-section-group' ? item.sections : [item],
  );
}

/** The site spaces next to the one being read: those of its section, or the site's own. */
export function siteSpacesAround(site: PublishedSite, content: SiteContent): SiteSpace[] {
  if (site.structure.type === 'siteSpaces') return site.structure.structure;
  return sectionsOf(site).find((section) => section.id === content.siteSection)?.siteSpaces ?? [];
}

/** The URL path of a section: the default one at the site's root. */
function sectionBase(content: SiteContent, section: SiteSection): string {
  return section.default
    ? content.siteBasePath
    : `${content.siteBasePath}${encodePath(section.path)}/`;
}

/** The section tabs, the one being read active. */
export function sectionEntries(site: PublishedSite, content: SiteContent): NavEntry[] {
  return sectionsOf(site).map((section) => ({
    title: section.title,
    href: sectionBase(content, section),
    active: section.id === content.siteSection,
    ...(section.icon === undefined ? {} : { icon: section.icon }),
  }));
}

/** The switcher between the site spaces of the section (variants, versions, languages). */
export function siteSpaceEntries(site: PublishedSite, content: SiteContent): NavEntry[] {
  return siteSpacesAround(site, content).map((siteSpace) => ({
    title: siteSpace.title,
    href: siteSpaceBase(site, content, siteSpace),
    active: siteSpace.id === content.siteSpace,
  }));
}

/** Every site space this reader sees, in reading order. */
export function allSiteSpaces(site: PublishedSite): SiteSpace[] {
  if (site.structure.type === 'siteSpaces') return site.structure.structure;
  return sectionsOf(site).flatMap((section) => section.siteSpaces);
}

/** The URL path a site space's pages are under: its section's, then its own unless default. */
export function siteSpaceBase(
  site: PublishedSite,
  content: SiteContent,
  siteSpace: SiteSpace,
): string {
  const section = sectionsOf(site).find((item) => item.id === siteSpace.section);
  const base = section === undefined ? content.siteBasePath : sectionBase(content, section);
  return siteSpace.default ? base : `${base}${encodePath(siteSpace.path)}/`;
}

/** The site space being read, from the profile. */
export function currentSiteSpace(site: PublishedSite, content: SiteContent): SiteSpace | undefined {
  return siteSpacesAround(site, content).find((siteSpace) => siteSpace.id === content.siteSpace);
}

/** Encodes each segment of a path, keeping its slashes. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Where a page of the site space being read is served. */
export function pageHref(content: SiteContent, path: string): string {
  return `${content.basePath}${encodePath(path)}`;
}

/** The pages a reader can open, in reading order: documents, depth first, hidden ones left out. */
export function readingOrder(pages: readonly RevisionPage[]): RevisionPage[] {
  return pages.flatMap((page) => {
    if (page.hidden) return [];
    const own = page.type === 'document' ? [page] : [];
    return [...own, ...('pages' in page ? readingOrder(page.pages) : [])];
  });
}

/** The sidebar's tree: hidden pages left out, the page being read active. */
export function pageTree(
  pages: readonly RevisionPage[],
  content: SiteContent,
  activeId: string | undefined,
): PageTreeItem[] {
  return pages.flatMap((page): PageTreeItem[] => {
    if (page.hidden) return [];
    const children = 'pages' in page ? pageTree(page.pages, content, activeId) : [];
    const emoji = 'emoji' in page && page.emoji !== undefined ? { emoji: page.emoji } : {};
    if (page.type === 'link') {
      return [{ type: 'link', title: page.title, href: page.href, pages: children, ...emoji }];
    }
    if (page.type === 'group')
      return [{ type: 'group', title: page.title, pages: children, ...emoji }];
    return [
      {
        type: page.type,
        title: page.title,
        href: pageHref(content, page.path),
        active: page.id === activeId,
        pages: children,
        ...emoji,
      },
    ];
  });
}

/** The pages before and after this one in reading order. */
export function neighbours(
  pages: readonly RevisionPage[],
  content: SiteContent,
  activeId: string,
): { previous?: Link; next?: Link } {
  const order = readingOrder(pages);
  const index = order.findIndex((page) => page.id === activeId);
  const link = (page: RevisionPage | undefined): Link | undefined =>
    page === undefined || !('path' in page)
      ? undefined
      : { title: page.title, href: pageHref(content, page.path) };
  const previous = index > 0 ? link(order[index - 1]) : undefined;
  const next = index >= 0 ? link(order[index + 1]) : undefined;
  return {
    ...(previous === undefined ? {} : { previous }),
    ...(next === undefined ? {} : { next }),
  };
}

/** Where a customization link goes: a URL, or a page of the site space being read. */
export function linkTargetHref(
  target: LinkTarget,
  pages: readonly RevisionPage[],
  content: SiteContent,
): string | undefined {
  if (target.kind === 'url') return target.url;
  if (target.kind === 'page' && (target.space === undefined || target.space === content.space)) {
    const page = findPage(pages, (item) => item.id === target.page);
    return page !== undefined && 'path' in page ? pageHref(content, page.path) : undefined;
  }
  return undefined;
}

/**
 * The header's links, resolved. A link with a `condition` is left out: conditions are the API's
 * to evaluate, and a link it has not evaluated for this visitor must not show.
 */
export function headerLinks(
  site: PublishedSite,
  pages: readonly RevisionPage[],
  content: SiteContent,
): HeaderLink[] {
  const links = site.customizations.site.header.links ?? [];
  return links.flatMap((link): HeaderLink[] => {
    if ('condition' in link && link.condition !== undefined) return [];
    const href = link.to == null ? undefined : linkTargetHref(link.to, pages, content);
    const menu = (link.links ?? []).flatMap((item): Link[] => {
      const itemHref = linkTargetHref(item.to, pages, content);
      return itemHref === undefined ? [] : [{ title: item.title, href: itemHref }];
    });
    if (href === undefined && menu.length === 0) return [];
    return [
      {
        title: link.title,
        ...(href === undefined ? {} : { href }),
        ...(link.style === undefined ? {} : { style: link.style }),
        ...(menu.length === 0 ? {} : { links: menu }),
      },
    ];
  });
}

/** The first page, depth first, that `matches`. */
export function findPage(
  pages: readonly RevisionPage[],
  matches: (page: RevisionPage) => boolean,
): RevisionPage | undefined {
  for (const page of pages) {
    if (matches(page)) return page;
    const found = 'pages' in page ? findPage(page.pages, matches) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
