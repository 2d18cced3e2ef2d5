import type { Executor } from '../../store/schema.js';
import type { SiteRedirectRecord } from '../../store/site-redirects.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { pathOfPage } from './redirect-pages.js';
import type { SiteStructure } from './site-structure.js';

/** A redirect a path follows, and the part of the path its wildcard matched. */
export interface RedirectMatch {
  redirect: SiteRedirectRecord;
  /** What the wildcard matched, without a leading `/` (`''` for an exact source). */
  suffix: string;
}

/** A path's segments, each decoded (a segment that is not valid %-encoding stays as it is). */
export function decodedPathSegments(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** A source or a path as compared: its decoded segments joined with `/`, from the root. */
function comparable(path: string): string {
  return `/${decodedPathSegments(path).join('/')}`;
}

/**
 * The redirect readers of `path` (relative to the site's root, `/old/page`) follow among
 * `redirects`: the one whose source is the path, else the wildcard source with the longest prefix
 * that matches (`/old/*` matches `/old` and what is under it, `/old*` every path starting so).
 * @example matchRedirect(redirects, '/docs/install') // a `/docs/*` redirect, suffix 'install'
 */
export function matchRedirect(
  redirects: readonly SiteRedirectRecord[],
  path: string,
): RedirectMatch | undefined {
  const wanted = comparable(path);
  let best: RedirectMatch | undefined;
  let bestLength = -1;
  for (const redirect of redirects) {
    const { source } = redirect;
    if (!source.endsWith('*')) {
      if (comparable(source) === wanted) return { redirect, suffix: '' };
      continue;
    }
    const underOnly = source.endsWith('/*');
    const prefix = comparable(source.slice(0, underOnly ? -2 : -1));
    let suffix: string | undefined;
    if (wanted === prefix) suffix = '';
    else if (wanted.startsWith(underOnly ? `${prefix}/` : prefix)) {
      suffix = wanted.slice(prefix.length).replace(/^\//, '');
    }
    if (suffix !== undefined && prefix.length > bestLength) {
      best = { redirect, suffix };
      bestLength = prefix.length;
    }
  }
  return best;
}

/** What building a redirect's target needs: the site as the reader sees it, and its root URL. */
export interface TargetContext {
  db: Executor;
  /** The live structure, or what a visitor sees of it. */
  structure: SiteStructure;
  spaces: ReadonlyMap<string, SpaceRecord>;
  /** The absolute URL of the site's root, ending with `/`. */
  siteRoot: string;
}

/** Where a redirect sends readers: a URL in the site (`content`) or outside it. */
export interface RedirectTarget {
  kind: 'content' | 'external';
  url: URL;
}

/**
 * The URL a redirect sends readers to, with the wildcard's suffix when it captures it, or
 * `undefined` when its destination is not in `structure` (gone, draft, or hidden from this
 * visitor) or its page is gone: such a redirect sends no one anywhere.
 */
export async function redirectTarget(
  context: TargetContext,
  match: RedirectMatch,
): Promise<RedirectTarget | undefined> {
  const { destination, captureWildcard } = match.redirect;
  const suffix = captureWildcard ? match.suffix : '';
  if (destination.kind === 'external') {
    const url = new URL(destination.url);
    if (suffix !== '') url.pathname = `${url.pathname.replace(/\/$/, '')}/${suffix}`;
    return { kind: 'external', url };
  }
  let segments: string[] | undefined;
  if (destination.kind === 'site-section') {
    const section = context.structure.sections.find(
      (item) => item.id === destination.siteSectionId,
    );
    segments = section === undefined ? undefined : [section.path];
  } else {
    segments = siteSpaceSegments(context.structure, destination.siteSpaceId);
    if (segments !== undefined && destination.kind === 'site-page') {
      const pagePath = await pagePathIn(context, destination.siteSpaceId, destination.pageId);
      segments = pagePath === undefined ? undefined : [...segments, ...pagePath.split('/')];
    }
  }
  if (segments === undefined) return undefined;
  const path = [...segments.map(encodeURIComponent), ...suffix.split('/').map(encodeURIComponent)]
    .filter((segment) => segment !== '')
    .join('/');
  return { kind: 'content', url: new URL(path, context.siteRoot) };
}

/**
 * The segments that name a site space as published URLs are read: its section's path, then its
 * own path when it has siblings (a lone site space is its section's, or the site's, content).
 */
export function siteSpaceSegments(
  structure: SiteStructure,
  siteSpaceId: string,
): string[] | undefined {
  const siteSpace = structure.siteSpaces.find((item) => item.id === siteSpaceId);
  if (siteSpace === undefined) return undefined;
  const section = structure.sections.find((item) => item.id === siteSpace.sectionId);
  if (siteSpace.sectionId !== null && section === undefined) return undefined;
  const siblings = structure.siteSpaces.filter((item) => item.sectionId === siteSpace.sectionId);
  return [
    ...(section === undefined ? [] : [section.path]),
    ...(siblings.length > 1 ? [siteSpace.path] : []),
  ];
}

async function pagePathIn(
  context: TargetContext,
  siteSpaceId: string,
  pageId: string,
): Promise<string | undefined> {
  const siteSpace = context.structure.siteSpaces.find((item) => item.id === siteSpaceId);
  const space = siteSpace === undefined ? undefined : context.spaces.get(siteSpace.spaceId);
  if (space === undefined || space.deletedAt !== null) return undefined;
  return pathOfPage(context.db, space, pageId);
}
