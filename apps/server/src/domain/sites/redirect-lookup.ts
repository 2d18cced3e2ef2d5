import { notFound } from '../../errors.js';
import type { Executor } from '../../store/schema.js';
import { allLiveSiteRedirects, type SiteRedirectRecord } from '../../store/site-redirects.js';
import type { SiteRecord } from '../../store/sites.js';
import { matchRedirect, redirectTarget } from './redirect-targets.js';
import { liveStructure, readSiteStructure, spacesOf } from './site-structure.js';
import { matchSpaceRedirect } from './space-redirect-match.js';

/** A live redirect and the URL it sends readers to now. */
export interface FoundRedirect {
  redirect: SiteRedirectRecord;
  /** In the site (`content`) or outside it. */
  kind: 'content' | 'external';
  target: URL;
}

/**
 * The live redirect of a source, as `getSiteRedirectBySource` answers it: the one with exactly
 * that source, else (for a path) the one readers of that path follow, else a redirect a site
 * space's Git repository declares for it (site redirects come first); and its target in what the
 * site publishes, under `siteRoot`. None, or a destination the site no longer publishes, is a 404.
 */
export async function findRedirectOfSource(
  db: Executor,
  site: SiteRecord,
  source: string,
  siteRoot: string,
): Promise<FoundRedirect> {
  const redirects = await allLiveSiteRedirects(db, site.id);
  const exact = redirects.find((redirect) => redirect.source === source);
  const match =
    exact !== undefined
      ? { redirect: exact, suffix: '' }
      : source.endsWith('*')
        ? undefined
        : matchRedirect(redirects, source);
  const structure = liveStructure(await readSiteStructure(db, site));
  // Without a site redirect, the one a site space's Git repository declares answers.
  const found = match ?? (await matchSpaceRedirect(db, structure, source));
  if (found === undefined) throw notFound(`Site ${site.id} has no live redirect of ${source}`);
  const target = await redirectTarget(
    { db, structure, spaces: await spacesOf(db, structure.siteSpaces), siteRoot },
    found,
  );
  if (target === undefined) {
    throw notFound(`The redirect of ${source} leads to nothing site ${site.id} publishes`);
  }
  return { redirect: found.redirect, kind: target.kind, target: target.url };
}
