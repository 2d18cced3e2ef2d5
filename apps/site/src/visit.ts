import type { QuireClient } from '@quire/client';
import type { PageTrees } from './page-trees.js';
import type { PublishedSite, RevisionPage, SiteContent, SiteSpace } from './published-reads.js';
import { currentSiteSpace } from './site-navigation.js';

/** What one reader's request opened: the content, the client that reads it, the site's profile. */
export interface Visit {
  content: SiteContent;
  reader: QuireClient;
  site: PublishedSite;
}

/** The site space being read and its revision's page tree; `undefined` when the profile lacks it. */
export async function currentPages(
  visit: Visit,
  trees: PageTrees,
): Promise<{ siteSpace: SiteSpace; pages: RevisionPage[] } | undefined> {
  const siteSpace = currentSiteSpace(visit.site, visit.content);
  if (siteSpace === undefined) return undefined;
  const pages = await trees.get(visit.reader, visit.content.space, siteSpace.space.revision);
  return { siteSpace, pages };
}
