import type { Executor } from '../../store/schema.js';
import type { SiteSpaceRecord } from '../../store/site-structure.js';
import { listSpaceRedirects, type SpaceRedirectRecord } from '../../store/space-redirects.js';
import { decodedPathSegments, type RedirectMatch, siteSpaceSegments } from './redirect-targets.js';
import type { SiteStructure } from './site-structure.js';

/** A path's decoded segments; `undefined` for a wildcard source, which names no one path. */
function decodedSegments(path: string): string[] | undefined {
  return path.endsWith('*') ? undefined : decodedPathSegments(path);
}

// A segment as `SiteRedirectSourcePath` allows it: unreserved characters, the rest %-encoded.
function sourceSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The redirect a site space's Git repository declares (`.gitbook.yaml`) for `path` (relative to
 * the site's root, `/guides/help`): among the site spaces of `structure` whose path `path` starts
 * with, the one with the longest path that has a redirect of the rest. It answers as a
 * permanent site redirect to that page of the site space, never a draft, with no wildcard; its
 * id names the site space and the source, as it is stored with the space, not the site.
 */
export async function matchSpaceRedirect(
  db: Executor,
  structure: SiteStructure,
  path: string,
  redirectsOf: (spaceId: string) => Promise<readonly SpaceRedirectRecord[]> = (spaceId) =>
    listSpaceRedirects(db, spaceId),
): Promise<RedirectMatch | undefined> {
  const wanted = decodedSegments(path);
  if (wanted === undefined || wanted.length === 0) return undefined;
  const candidates = structure.siteSpaces
    .map((siteSpace) => ({ siteSpace, prefix: siteSpaceSegments(structure, siteSpace.id) }))
    .filter(
      (item): item is { siteSpace: SiteSpaceRecord; prefix: string[] } =>
        item.prefix !== undefined &&
        item.prefix.length < wanted.length &&
        item.prefix.every((segment, index) => wanted[index] === segment),
    )
    .sort((a, b) => b.prefix.length - a.prefix.length);
  for (const { siteSpace, prefix } of candidates) {
    const source = wanted.slice(prefix.length).join('/');
    const found = (await redirectsOf(siteSpace.spaceId)).find(
      (redirect) => redirect.source === source,
    );
    if (found === undefined) continue;
    return {
      redirect: {
        id: `space-redirect:${siteSpace.id}:${source}`,
        siteId: structure.site.id,
        source: `/${wanted.map(sourceSegment).join('/')}`,
        draft: false,
        captureWildcard: false,
        permanent: true,
        destination: { kind: 'site-page', siteSpaceId: siteSpace.id, pageId: found.pageId },
        createdAt: found.createdAt,
        updatedAt: null,
      },
      suffix: '',
    };
  }
  return undefined;
}
