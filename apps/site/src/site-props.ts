import type { PublishedSite, RevisionPage, SiteContent } from './published-reads.js';
import {
  currentSiteSpace,
  headerLinks,
  linkTargetHref,
  pageTree,
  sectionEntries,
  siteSpaceEntries,
} from './site-navigation.js';
import type { Customization, FooterGroup, Link, SiteProps } from './views/index.js';

/** The customization that applies to the site space being read: its own, else the site's. */
export function customizationOf(site: PublishedSite, content: SiteContent): Customization {
  return site.customizations.siteSpaces[content.siteSpace] ?? site.customizations.site;
}

/** The origins allowed to frame the pages of the site space being read, besides the site. */
export function framingOrigins(site: PublishedSite, content: SiteContent): readonly string[] {
  return customizationOf(site, content).embedding?.allowedOrigins ?? [];
}

/**
 * The chrome of every page of the site space being read: title, navigation, sidebar tree,
 * footer, announcement and search, every link resolved for this reader.
 */
export function siteProps(
  site: PublishedSite,
  content: SiteContent,
  pages: readonly RevisionPage[],
  activePageId: string | undefined,
): SiteProps {
  const customization = customizationOf(site, content);
  const footerGroups = (customization.footer?.groups ?? []).map(
    (group): FooterGroup => ({
      title: group.title,
      links: group.links.flatMap((link): Link[] => {
        const href = linkTargetHref(link.to, pages, content);
        return href === undefined ? [] : [{ title: link.title, href }];
      }),
    }),
  );
  const announcement = customization.announcement?.link;
  const announcementHref =
    announcement === undefined ? undefined : linkTargetHref(announcement.to, pages, content);
  const siteSpace = currentSiteSpace(site, content);
  return {
    title: customization.title ?? site.site.title,
    homeHref: content.siteBasePath,
    customization,
    noIndex: site.site.visibility !== 'public',
    headerLinks: headerLinks(site, pages, content),
    sections: sectionEntries(site, content),
    siteSpaces: siteSpaceEntries(site, content),
    ...(siteSpace === undefined ? {} : { siteSpacesLabel: 'Variants' }),
    pages: pageTree(pages, content, activePageId),
    footerGroups,
    ...(announcement === undefined || announcementHref === undefined
      ? {}
      : { announcementLink: { title: announcement.title, href: announcementHref } }),
    search: {
      href: `${content.basePath}~search`,
      apiHref: `${content.basePath}~search.json`,
      askHref: `${content.basePath}~ask`,
    },
  };
}
