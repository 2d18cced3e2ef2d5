import { notFound, unauthenticated } from '../../errors.js';
import type { MemberRole } from '../../model/roles.js';
import type { Executor } from '../../store/schema.js';
import type { SiteRecord } from '../../store/sites.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { type Caller, isSiteReader, type SiteReader, type SiteReaderAccess } from '../actor.js';
import type { VisitorClaims } from '../sites/conditions.js';
import { loadPublishingAuth } from '../sites/publishing-auth.js';
import type { ShareKeys } from '../sites/share-keys.js';
import { openShareKey, shareLinkWorks } from '../sites/share-links.js';
import type { SiteStructure } from '../sites/site-structure.js';
import { loadSpaceForCaller } from '../spaces/space-access.js';
import {
  findShareLinkCached,
  findSiteCached,
  findSpaceCached,
  readSiteStructureCached,
} from './cached-site-reads.js';
import { visibleStructure } from './visible-structure.js';
import { verifyVisitorToken } from './visitor-tokens.js';

/** What a visitor brings to a site: a share key, a signed token, claims stated unsigned. */
export interface VisitorCredentials {
  shareKey?: string | undefined;
  jwtToken?: string | undefined;
  unsignedClaims: Record<string, unknown>;
}

/** Whether a visitor may read a published site, and as whom. */
export type SiteOpening =
  | { opened: true; access: SiteReaderAccess; visitor: VisitorClaims }
  | { opened: false; fallbackUrl?: string | undefined };

/**
 * Opens a published site for a visitor: anyone reads a public or unlisted site; a share-link
 * site needs the key of one of its working links; a visitor-auth site a token signed with its
 * publishing key, whose claims become the visitor's signed claims.
 */
export async function openSite(
  db: Executor,
  site: SiteRecord,
  credentials: VisitorCredentials,
  keys: ShareKeys,
  now: Date,
): Promise<SiteOpening> {
  const unsigned = credentials.unsignedClaims;
  switch (site.visibility) {
    case 'public':
    case 'unlisted':
      return {
        opened: true,
        access: { visibility: site.visibility },
        visitor: { signed: {}, unsigned },
      };
    case 'share-link': {
      const link =
        credentials.shareKey === undefined
          ? undefined
          : await openShareKey(db, keys, credentials.shareKey, now);
      if (link === undefined || link.siteId !== site.id) return { opened: false };
      return {
        opened: true,
        access: { visibility: 'share-link', shareLinkId: link.id },
        visitor: { signed: {}, unsigned },
      };
    }
    case 'visitor-auth': {
      const auth = await loadPublishingAuth(db, site, keys, now);
      const signed =
        credentials.jwtToken === undefined
          ? undefined
          : await verifyVisitorToken(credentials.jwtToken, auth.key, now);
      if (signed === undefined)
        return { opened: false, fallbackUrl: auth.fallbackUrl ?? undefined };
      return {
        opened: true,
        access: { visibility: 'visitor-auth', keyId: auth.keyId },
        visitor: { signed, unsigned },
      };
    }
  }
}

/**
 * The site a reader token opens, checked again on every use: still published, still as visible
 * as when the token was made, its share link still working, its publishing key unchanged.
 * Anything else is a 401: the reader asks `resolvePublishedContentByUrl` again.
 */
export async function loadSiteOfReader(
  db: Executor,
  reader: SiteReader,
  keys: ShareKeys,
  now: Date,
): Promise<SiteRecord> {
  const site = await findSiteCached(db, reader.siteId);
  if (
    site === undefined ||
    site.organizationId !== reader.organizationId ||
    !site.published ||
    site.visibility !== reader.access.visibility ||
    !(await accessStillWorks(db, site, reader.access, keys, now))
  ) {
    throw unauthenticated('This reader token no longer opens its site: resolve the URL again');
  }
  return site;
}

async function accessStillWorks(
  db: Executor,
  site: SiteRecord,
  access: SiteReaderAccess,
  keys: ShareKeys,
  now: Date,
): Promise<boolean> {
  if (access.visibility === 'share-link') {
    const link = await findShareLinkCached(db, site.id, access.shareLinkId);
    return link !== undefined && shareLinkWorks(link, now);
  }
  if (access.visibility === 'visitor-auth') {
    return (await loadPublishingAuth(db, site, keys, now)).keyId === access.keyId;
  }
  return true;
}

/** The site a reader reads, as much of its structure as the reader sees. */
export async function readerView(
  db: Executor,
  reader: SiteReader,
  keys: ShareKeys,
  now: Date,
): Promise<SiteStructure> {
  const site = await loadSiteOfReader(db, reader, keys, now);
  return visibleStructure(await readSiteStructureCached(db, site), reader.visitor);
}

/**
 * A space a reader may read: one of the site spaces they see publishes it. Any other space, and
 * one in the trash, is the same 404 as a space that does not exist.
 */
export async function loadSpaceForReader(
  db: Executor,
  reader: SiteReader,
  spaceId: string,
  keys: ShareKeys,
  now: Date,
): Promise<SpaceRecord> {
  const structure = await readerView(db, reader, keys, now);
  const space = structure.siteSpaces.some((siteSpace) => siteSpace.spaceId === spaceId)
    ? await findSpaceCached(db, spaceId)
    : undefined;
  if (space === undefined || space.deletedAt !== null) throw notFound(`Space ${spaceId} not found`);
  return space;
}

/**
 * The site a reader reads, as the reader sees it, when it is the one a request names; any
 * other site is a 404, as if it did not exist.
 */
export async function readerViewOf(
  db: Executor,
  reader: SiteReader,
  asked: { organizationId: string; siteId: string },
  keys: ShareKeys,
  now: Date,
): Promise<SiteStructure> {
  const structure = await readerView(db, reader, keys, now);
  const { site } = structure;
  if (site.id !== asked.siteId || site.organizationId !== asked.organizationId) {
    throw notFound(`Site ${asked.siteId} not found`);
  }
  return structure;
}

/**
 * A space whoever calls may read: a member with their role on it, or a site's reader (with no
 * role) when the site shows them a site space publishing it. Anything else is a 404.
 */
export async function loadReadableSpace(
  db: Executor,
  caller: Caller,
  spaceId: string,
  keys: ShareKeys,
  now: Date,
): Promise<{ space: SpaceRecord; role: MemberRole | null }> {
  if (isSiteReader(caller)) {
    return { space: await loadSpaceForReader(db, caller, spaceId, keys, now), role: null };
  }
  return loadSpaceForCaller(db, caller, spaceId);
}
