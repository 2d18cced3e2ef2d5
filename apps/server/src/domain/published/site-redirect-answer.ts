import type { components } from '@quire/contract';
import type { Executor } from '../../store/schema.js';
import type { SiteRecord } from '../../store/sites.js';
import { pageIdAtPath } from '../sites/redirect-pages.js';
import { matchRedirect, redirectTarget } from '../sites/redirect-targets.js';
import type { SiteStructure } from '../sites/site-structure.js';
import { matchSpaceRedirect } from '../sites/space-redirect-match.js';
import {
  findSpaceCached,
  liveRedirectsCached,
  spaceRedirectsCached,
  spacesOfCached,
} from './cached-site-reads.js';

type Redirect = components['schemas']['PublishedContentRedirect'];

/** A reader's URL in a site they may open, and what it names there. */
export interface RedirectQuestion {
  site: SiteRecord;
  /** What this visitor sees of the site. */
  structure: SiteStructure;
  /** The URL's path after the site's root, as encoded segments. */
  segments: readonly string[];
  /** The absolute URL of the site's root, ending with `/`. */
  siteRoot: string;
  /** The URL's query: a target in the site keeps it, less the reader's credentials. */
  search: URLSearchParams;
  /** The space and page path the URL names, when it names a site space at all. */
  placed?: { spaceId: string; pathname: readonly string[] } | undefined;
}

// The reader's secrets never travel in a redirect: in the site the cookies keep them, and a URL
// outside the site must not learn them.
const credentialParameters = ['share', 'shareKey', 'jwt_token'];

/**
 * The site redirect a reader's URL follows, as GitBook answers it (or, when none matches, the
 * redirect a site space's Git repository declares for the path, which is permanent): only when the URL names no
 * page of the site (a page at the path is served, whatever redirect matches it), and only when
 * the redirect's destination is something this visitor sees. `permanent` says to answer 308:
 * a permanent redirect of a site anyone may read; every other redirect is a 307.
 */
export async function siteRedirectOf(
  db: Executor,
  question: RedirectQuestion,
): Promise<Redirect | undefined> {
  const redirects = await liveRedirectsCached(db, question.site.id);
  const path = `/${question.segments.join('/')}`;
  // Site redirects come first; else a redirect a site space's Git repository declares.
  const match =
    (redirects.length === 0 ? undefined : matchRedirect(redirects, path)) ??
    (await matchSpaceRedirect(db, question.structure, path, (spaceId) =>
      spaceRedirectsCached(db, spaceId),
    ));
  if (match === undefined) return undefined;
  if (question.placed !== undefined && (await namesContent(db, question.placed))) return undefined;
  const target = await redirectTarget(
    {
      db,
      structure: question.structure,
      spaces: await spacesOfCached(db, question.structure.siteSpaces),
      siteRoot: question.siteRoot,
    },
    match,
  );
  if (target === undefined) return undefined;
  const permanent =
    match.redirect.permanent &&
    (question.site.visibility === 'public' || question.site.visibility === 'unlisted');
  if (target.kind === 'external') {
    return {
      target: 'external',
      site: question.site.id,
      redirect: target.url.toString(),
      permanent,
    };
  }
  for (const [name, value] of question.search) {
    if (!credentialParameters.includes(name)) target.url.searchParams.append(name, value);
  }
  return { target: 'content', redirect: target.url.toString(), permanent };
}

/**
 * Whether a path names content the site serves: the site space's first page (no path), the
 * site's own pages (`~search`, `~gitbook/…`), or a page, also as Markdown (`page.md`).
 */
async function namesContent(
  db: Executor,
  placed: { spaceId: string; pathname: readonly string[] },
): Promise<boolean> {
  const [first] = placed.pathname;
  if (first === undefined || first.startsWith('~')) return true;
  const space = await findSpaceCached(db, placed.spaceId);
  if (space === undefined) return false;
  const path = placed.pathname.join('/').replace(/\.md$/, '');
  return (await pageIdAtPath(db, space, path)) !== undefined;
}
