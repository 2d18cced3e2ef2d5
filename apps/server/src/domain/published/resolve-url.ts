import type { components } from '@quire/contract';
import { notFound } from '../../errors.js';
import type { Executor } from '../../store/schema.js';
import {
  listPublishedSitesOfHostname,
  listPublishedSitesProxiedOn,
  type SiteRecord,
} from '../../store/sites.js';
import { canonicalJson, contentHash } from '../content/canonical-json.js';
import type { VisitorClaims } from '../sites/conditions.js';
import type { ShareKeys } from '../sites/share-keys.js';
import type { SiteStructure } from '../sites/site-structure.js';
import { findSiteCached, readSiteStructureCached } from './cached-site-reads.js';
import type { ReaderTokens } from './reader-tokens.js';
import { openSite, type VisitorCredentials } from './site-readers.js';
import { siteRedirectOf } from './site-redirect-answer.js';
import { visibleStructure } from './visible-structure.js';

type Lookup = components['schemas']['PublishedSiteContentLookup'];
type VisitorPayload = components['schemas']['SiteVisitorPayload'];

/** What resolving a URL needs of the server. */
/** What resolving a URL needs of the app. */
export interface ResolveServices {
  db: Executor;
  /** `sitesRoot()`: where every published site answers under `PUBLIC_URL`, `…/s/`. */
  urls: { sitesRoot(): string };
  shareKeys: ShareKeys;
  readerTokens: ReaderTokens;
}

/** A reader's URL and who they are. */
export interface ResolveRequest {
  url: string;
  visitor?: VisitorPayload | undefined;
  redirectOnError?: boolean | undefined;
}

interface LocatedSite {
  site: SiteRecord;
  /** The URL path of the site's root, ending with `/`. */
  siteBasePath: string;
  /** The decoded path segments after it. */
  segments: string[];
}

/**
 * Finds what a reader's URL points at in a published site, as `resolvePublishedContentByUrl`
 * answers: the site (by `{PUBLIC_URL}/s/{siteId}/`, by the proxy URL it is served through, or
 * by its organization's hostname and its basename), the section and site space the next segments name (or the defaults the visitor
 * sees), the page path left, and a reader token for what this visitor may read; or, when the
 * path names no page and a live site redirect matches it, where that redirect sends the reader.
 * A URL no published site answers, and a visitor the site does not open, is a 404.
 */
export async function resolvePublishedUrl(
  services: ResolveServices,
  request: ResolveRequest,
  now: Date,
): Promise<Lookup> {
  const url = parseUrl(request.url);
  const located = await locateSite(services, url);
  if (located === undefined || !located.site.published) {
    throw notFound('No published site answers at this URL');
  }
  const { site } = located;
  const opening = await openSite(
    services.db,
    site,
    credentialsOf(url, request.visitor),
    services.shareKeys,
    now,
  );
  if (!opening.opened) {
    if (request.redirectOnError === true && opening.fallbackUrl !== undefined) {
      return { target: 'application', redirect: fallbackRedirect(opening.fallbackUrl, url) };
    }
    throw notFound('No published site answers at this URL');
  }
  const structure = visibleStructure(
    await readSiteStructureCached(services.db, site),
    opening.visitor,
  );
  const place = placeInStructure(structure, located.segments);
  // Redirects come after the access check: a visitor the site does not open learns none.
  const redirect = await siteRedirectOf(services.db, {
    site,
    structure,
    segments: located.segments.map(encodeURIComponent),
    siteRoot: publicOrigin(url, services.urls.sitesRoot()) + located.siteBasePath,
    search: url.searchParams,
    placed: place && { spaceId: place.spaceId, pathname: place.pathname },
  });
  if (redirect !== undefined) return redirect;
  if (place === undefined) throw notFound('This site publishes nothing this visitor may read');
  const shareKey = shareKeyOf(url);
  const basePath = located.siteBasePath + place.consumed.map((segment) => `${segment}/`).join('');
  const pathname = place.pathname.join('/');
  return {
    organization: site.organizationId,
    site: site.id,
    ...(place.sectionId === undefined ? {} : { siteSection: place.sectionId }),
    siteSpace: place.siteSpaceId,
    space: place.spaceId,
    ...(site.visibility === 'share-link' && shareKey !== undefined ? { shareKey } : {}),
    pathname,
    basePath,
    siteBasePath: located.siteBasePath,
    // GitBook's renderer looks several prefixes of a URL up at once and takes a shorter one only
    // when it is complete: a site or section root whose next segment could still name a section
    // or a variant is not.
    complete: place.pathname.length > 0 || !place.selectable,
    canonicalUrl: new URL(
      basePath + pathname,
      publicOrigin(url, services.urls.sitesRoot()),
    ).toString(),
    apiToken: await services.readerTokens.sign(
      {
        organizationId: site.organizationId,
        siteId: site.id,
        access: opening.access,
        visitor: opening.visitor,
      },
      now,
    ),
    ...contextIdOf(opening.visitor),
  };
}

/** The URL's origin with `PUBLIC_URL`'s scheme, which readers use whatever reached the app. */
function publicOrigin(url: URL, sitesRoot: string): string {
  return `${new URL(sitesRoot).protocol}//${url.host}`;
}

function parseUrl(value: string): URL {
  try {
    return new URL(value);
  } catch {
    throw notFound('No published site answers at this URL');
  }
}

async function locateSite(services: ResolveServices, url: URL): Promise<LocatedSite | undefined> {
  const root = new URL(services.urls.sitesRoot());
  const segments = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
  // Hosts, not origins, are compared: behind a proxy that ends TLS, readers' https URLs reach
  // the site app as http.
  if (url.host === root.host && url.pathname.startsWith(root.pathname)) {
    const rootDepth = root.pathname.split('/').filter((segment) => segment !== '').length;
    const [siteId, ...rest] = segments.slice(rootDepth);
    const site = siteId === undefined ? undefined : await findSiteCached(services.db, siteId);
    if (site === undefined) return undefined;
    return {
      site,
      siteBasePath: `${root.pathname}${encodeURIComponent(site.id)}/`,
      segments: rest,
    };
  }
  const proxied = await siteBehindProxy(services.db, url, segments);
  if (proxied !== undefined) return proxied;
  const hostname = organizationHostnameOf(url.hostname, root.hostname);
  if (hostname === undefined) return undefined;
  const sites = await listPublishedSitesOfHostname(services.db, hostname);
  const [first, ...rest] = segments;
  const named = sites.find((site) => site.basename !== null && site.basename === first);
  if (named !== undefined) {
    return { site: named, siteBasePath: `/${encodeURIComponent(first ?? '')}/`, segments: rest };
  }
  const atRoot = sites.find((site) => site.basename === null);
  return atRoot === undefined ? undefined : { site: atRoot, siteBasePath: '/', segments };
}

/**
 * The organization hostname a host names: as GitBook's `{hostname}.gitbook.io`, the label in
 * front of `PUBLIC_URL`'s host (`acme.docs.example.com` → `acme`).
 */
function organizationHostnameOf(host: string, publicHost: string): string | undefined {
  const suffix = `.${publicHost}`;
  if (!host.endsWith(suffix)) return undefined;
  const label = host.slice(0, -suffix.length);
  return label.includes('.') || label === '' ? undefined : label;
}

/** A site served through a proxy (`proxy: docs.example.com/help`) whose path the URL is under. */
async function siteBehindProxy(
  db: Executor,
  url: URL,
  segments: readonly string[],
): Promise<LocatedSite | undefined> {
  const candidates = await listPublishedSitesProxiedOn(db, url.hostname);
  let best: LocatedSite | undefined;
  let bestDepth = -1;
  // The longest proxy path the URL is under wins: `help/api` over `help`.
  for (const site of candidates) {
    const prefix = (site.proxy ?? '')
      .split('/')
      .slice(1)
      .filter((segment) => segment !== '');
    const under = prefix.every((segment, index) => segments[index] === segment);
    if (under && prefix.length > bestDepth) {
      bestDepth = prefix.length;
      best = {
        site,
        siteBasePath: `/${prefix.map(encodeURIComponent).join('/')}/`,
        segments: segments.slice(prefix.length),
      };
    }
  }
  return best;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Where the URL's segments lead in what the visitor sees; defaults fill what they leave out. */
function placeInStructure(structure: SiteStructure, segments: readonly string[]) {
  const consumed: string[] = [];
  let rest = [...segments];
  let sectionId: string | undefined;
  let defaultSiteSpaceId = structure.site.defaultSiteSpaceId;
  // Whether a segment after the URL could still select another section or variant.
  let selectable = false;
  if (structure.sections.length > 0) {
    const named = structure.sections.find((section) => section.path === rest[0]);
    const section =
      named ??
      structure.sections.find((item) => item.id === structure.site.defaultSectionId) ??
      structure.sections[0];
    if (section === undefined) return undefined;
    if (named !== undefined) {
      consumed.push(named.path);
      rest = rest.slice(1);
    } else {
      selectable ||= structure.sections.length > 1;
    }
    sectionId = section.id;
    defaultSiteSpaceId = section.defaultSiteSpaceId;
  }
  const candidates = structure.siteSpaces.filter(
    (siteSpace) => siteSpace.sectionId === (sectionId ?? null),
  );
  const named =
    candidates.length > 1 ? candidates.find((siteSpace) => siteSpace.path === rest[0]) : undefined;
  const siteSpace =
    named ?? candidates.find((item) => item.id === defaultSiteSpaceId) ?? candidates[0];
  if (siteSpace === undefined) return undefined;
  if (named !== undefined) {
    consumed.push(named.path);
    rest = rest.slice(1);
  } else {
    selectable ||= candidates.length > 1;
  }
  return {
    selectable,
    sectionId,
    siteSpaceId: siteSpace.id,
    spaceId: siteSpace.spaceId,
    consumed,
    pathname: rest,
  };
}

/** The share key a URL carries: `?share=` as share links are handed out, or `?shareKey=`. */
function shareKeyOf(url: URL): string | undefined {
  return url.searchParams.get('share') ?? url.searchParams.get('shareKey') ?? undefined;
}

/**
 * Who the visitor is: the payload's token, else the URL's `jwt_token`; unsigned claims from
 * the payload and from the URL's `visitor.<claim>` parameters (the payload's win), where
 * `true`, `false` and numbers read as such, so `?visitor.beta=true` meets `… === true`.
 */
function credentialsOf(url: URL, visitor: VisitorPayload | undefined): VisitorCredentials {
  const fromUrl: Record<string, unknown> = {};
  for (const [name, value] of url.searchParams) {
    if (name.startsWith('visitor.') && name.length > 'visitor.'.length) {
      fromUrl[name.slice('visitor.'.length)] = claimValueOf(value);
    }
  }
  return {
    shareKey: shareKeyOf(url),
    jwtToken: visitor?.jwtToken ?? url.searchParams.get('jwt_token') ?? undefined,
    unsignedClaims: { ...fromUrl, ...(visitor?.unsignedClaims ?? {}) },
  };
}

function claimValueOf(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/** The fallback URL, told where the reader was going so it can send them back signed in. */
function fallbackRedirect(fallbackUrl: string, url: URL): string {
  const redirect = new URL(fallbackUrl);
  redirect.searchParams.set('location', url.pathname);
  return redirect.toString();
}

/** Names the visitor's claims, for caches that vary with them; none without claims. */
function contextIdOf(visitor: VisitorClaims): { contextId?: string } {
  if (Object.keys(visitor.signed).length === 0 && Object.keys(visitor.unsigned).length === 0) {
    return {};
  }
  return { contextId: contentHash(canonicalJson(visitor)) };
}
