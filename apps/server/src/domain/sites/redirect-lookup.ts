import { notFound } from '../../errors.js';
import type { Executor } from '../../store/schema.js';
import { allLiveSiteRedirects, type SiteRedirectRecord } from '../../store/site-redirects.js';
import type { SiteRecord } from '../../store/sites.js';
import { matchRedirect, redirectTarget } from './redirect-targets.js';
import { liveStructure, readSiteStructure, spacesOf } from './site-structure.js';

/** A live redirect and the URL it sends readers to now. */
export interface FoundRedirect {
  redirect: SiteRedirectRecord;
  /** In the site (`content`) or outside it. */
  kind: 'content' | 'external';
  target: URL;
}

/**
 * The live redirect of a source, as `getSiteRedirectBySource` answers it: the one with exactly
 * that source, else (for a path) the one readers of that path follow; and its target in what the
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
  if (match === undefined) throw notFound(`Site ${site.id} has no live redirect of ${source}`);
  const structure = liveStructure(await readSiteStructure(db, site));
  const target = await redirectTarget(
    { db, structure, spaces: await spacesOf(db, structure.siteSpaces), siteRoot },
    match,
  );
  if (target === undefined) {
    throw notFound(`The redirect of ${source} leads to nothing site ${site.id} publishes`);
  }
  return { redirect: match.redirect, kind: target.kind, target: target.url };
}
