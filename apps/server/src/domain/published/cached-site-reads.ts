import { cachedRead } from '../../caches/database-caches.js';
import type { Executor } from '../../store/schema.js';
import { findShareLink, type ShareLinkRecord } from '../../store/share-links.js';
import { allLiveSiteRedirects, type SiteRedirectRecord } from '../../store/site-redirects.js';
import { findSiteById, type SiteRecord } from '../../store/sites.js';
import { listSpaceRedirects, type SpaceRedirectRecord } from '../../store/space-redirects.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import { readSiteStructure, type SiteStructure, spacesOf } from '../sites/site-structure.js';

// What every page a reader opens reads again: kept through the read cache until the database
// changes (on PostgreSQL, the site tables notify as they change: `0017-site-change-notifications`,
// `0019-site-redirects`, `0028-space-redirects`).
// Values are frozen and shared.

/** A site by id. */
export function findSiteCached(db: Executor, siteId: string): Promise<SiteRecord | undefined> {
  return cachedRead(db, ['site', siteId], () => findSiteById(db, siteId));
}

/** A site's whole structure, in reading order. */
export function readSiteStructureCached(db: Executor, site: SiteRecord): Promise<SiteStructure> {
  return cachedRead(db, ['site-structure', site.id, site.updatedAt], () =>
    readSiteStructure(db, site),
  );
}

/** A site's live redirects, which every URL of the site is matched against. */
export function liveRedirectsCached(db: Executor, siteId: string): Promise<SiteRedirectRecord[]> {
  return cachedRead(db, ['site-redirects', siteId], () => allLiveSiteRedirects(db, siteId));
}

/** The redirects a space's Git repository declares, which paths naming no page are matched against. */
export function spaceRedirectsCached(
  db: Executor,
  spaceId: string,
): Promise<SpaceRedirectRecord[]> {
  return cachedRead(db, ['space-redirects', spaceId], () => listSpaceRedirects(db, spaceId));
}

/** A share link of a site by id. */
export function findShareLinkCached(
  db: Executor,
  siteId: string,
  shareLinkId: string,
): Promise<ShareLinkRecord | undefined> {
  return cachedRead(db, ['share-link', siteId, shareLinkId], () =>
    findShareLink(db, siteId, shareLinkId),
  );
}

/** The spaces of these site spaces, by id. */
export function spacesOfCached(
  db: Executor,
  siteSpaces: readonly { spaceId: string }[],
): Promise<Map<string, SpaceRecord>> {
  return spacesOf(db, siteSpaces, (id) => findSpaceCached(db, id));
}

/** A space by id. */
export function findSpaceCached(db: Executor, spaceId: string): Promise<SpaceRecord | undefined> {
  return cachedRead(db, ['space-record', spaceId], () => findSpaceById(db, spaceId));
}
