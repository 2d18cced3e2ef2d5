import { cachedRead } from '../../store/read-cache.js';
import type { Executor } from '../../store/schema.js';
import {
  findShareLink,
  findShareLinkByKeyHash,
  type ShareLinkRecord,
} from '../../store/share-links.js';
import { allLiveSiteRedirects, type SiteRedirectRecord } from '../../store/site-redirects.js';
import { findSiteById, type SiteRecord } from '../../store/sites.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { ShareKeys } from '../sites/share-keys.js';
import { shareLinkWorks } from '../sites/share-links.js';
import { readSiteStructure, type SiteStructure } from '../sites/site-structure.js';

// What every page a reader opens reads again: kept through the read cache until the database
// changes (on PostgreSQL, the site tables notify as they change: `0017-site-change-notifications`,
// `0019-site-redirects`).
// Values are frozen and shared.

/** A site by id. */
export function findSiteKept(db: Executor, siteId: string): Promise<SiteRecord | undefined> {
  return cachedRead(db, `site\u0000${siteId}`, () => findSiteById(db, siteId));
}

/** A site's whole structure, in reading order. */
export function readSiteStructureKept(db: Executor, site: SiteRecord): Promise<SiteStructure> {
  return cachedRead(db, `site-structure\u0000${site.id}\u0000${site.updatedAt}`, () =>
    readSiteStructure(db, site),
  );
}

/** A site's live redirects, which every URL of the site is matched against. */
export function liveRedirectsKept(db: Executor, siteId: string): Promise<SiteRedirectRecord[]> {
  return cachedRead(db, `site-redirects\u0000${siteId}`, () => allLiveSiteRedirects(db, siteId));
}

/** A share link of a site by id. */
export function findShareLinkKept(
  db: Executor,
  siteId: string,
  shareLinkId: string,
): Promise<ShareLinkRecord | undefined> {
  return cachedRead(db, `share-link\u0000${siteId}\u0000${shareLinkId}`, () =>
    findShareLink(db, siteId, shareLinkId),
  );
}

/**
 * The working share link a key opens. Whether it still works is asked of the kept link at
 * `now`: its expiry passes without the database changing.
 */
export async function openShareKeyKept(
  db: Executor,
  keys: ShareKeys,
  shareKey: string,
  now: Date,
): Promise<ShareLinkRecord | undefined> {
  const hash = keys.hash(shareKey);
  const link = await cachedRead(db, `share-key\u0000${hash}`, () =>
    findShareLinkByKeyHash(db, hash),
  );
  return link !== undefined && shareLinkWorks(link, now) ? link : undefined;
}

/** The spaces of these site spaces, by id. */
export async function spacesOfKept(
  db: Executor,
  siteSpaces: readonly { spaceId: string }[],
): Promise<Map<string, SpaceRecord>> {
  const ids = [...new Set(siteSpaces.map((siteSpace) => siteSpace.spaceId))];
  const spaces = await Promise.all(ids.map((id) => findSpaceKept(db, id)));
  return new Map(spaces.flatMap((space) => (space === undefined ? [] : [[space.id, space]])));
}

/** A space by id. */
export function findSpaceKept(db: Executor, spaceId: string): Promise<SpaceRecord | undefined> {
  return cachedRead(db, `space-record\u0000${spaceId}`, () => findSpaceById(db, spaceId));
}
