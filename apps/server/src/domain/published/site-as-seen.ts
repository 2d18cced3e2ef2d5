import type { components } from '@quire/contract';
import type { Clock } from '../../clock.js';
import type { MemberRole } from '../../model/roles.js';
import type { Executor } from '../../store/schema.js';
import type { SiteSpaceRecord } from '../../store/site-structure.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { type Caller, isSiteReader } from '../actor.js';
import { readableSpacesOf } from '../content-index/readable-spaces.js';
import type { ShareKeys } from '../sites/share-keys.js';
import { loadSiteForMember } from '../sites/site-access.js';
import {
  liveStructure,
  readSiteStructure,
  type SiteStructure,
  spacesOf,
} from '../sites/site-structure.js';
import { readerViewOf } from './site-readers.js';

type SiteParams = { organizationId: string; siteId: string };

/** What reading a site as its caller sees it needs. */
export interface SiteSeeing {
  db: Executor;
  shareKeys: ShareKeys;
  clock: Clock;
}
/** Which site spaces a search or a question of a site reads (GitBook's `SiteSearchScope`). */
export type SiteScope = components['schemas']['SiteSearchScope'];

/** What a caller sees of a site: a member all it publishes, a reader what their claims show. */
export interface SiteAsSeen {
  /** The structure as the caller sees it (its `site` the site itself). */
  structure: SiteStructure;
  role: MemberRole | null;
}

export async function siteAsSeen(
  services: SiteSeeing,
  caller: Caller,
  params: SiteParams,
): Promise<SiteAsSeen> {
  if (isSiteReader(caller)) {
    const structure = await readerViewOf(
      services.db,
      caller,
      params,
      services.shareKeys,
      services.clock.now(),
    );
    return { structure, role: null };
  }
  const { site, role } = await loadSiteForMember(
    services.db,
    caller,
    params.organizationId,
    params.siteId,
  );
  // Members see all that is published, whatever conditions hide from visitors.
  return { structure: liveStructure(await readSiteStructure(services.db, site)), role };
}

/** The site spaces a search reads, by its scope (every live one when none is given). */
export function siteSpacesInScope(structure: SiteStructure, scope: SiteScope | undefined) {
  const all = structure.siteSpaces;
  if (scope === undefined || scope.mode === 'all') return all;
  if (scope.mode === 'specific') {
    const asked = new Set(scope.siteSpaceIds);
    return all.filter((siteSpace) => asked.has(siteSpace.id));
  }
  const defaults = new Set<string>();
  const sectionIds = [...structure.sections.map((section) => section.id), null];
  for (const sectionId of sectionIds) {
    const candidates = all.filter((siteSpace) => siteSpace.sectionId === sectionId);
    const section = structure.sections.find((item) => item.id === sectionId);
    const defaultId = section?.defaultSiteSpaceId ?? structure.site.defaultSiteSpaceId;
    const chosen = candidates.find((item) => item.id === defaultId) ?? candidates[0];
    if (chosen !== undefined) defaults.add(chosen.id);
  }
  const current = scope.currentSiteSpace;
  if (current !== undefined && all.some((siteSpace) => siteSpace.id === current)) {
    defaults.add(current);
  }
  if (scope.restrictTo === 'currentSiteSpace') {
    return all.filter((siteSpace) => siteSpace.id === current);
  }
  if (scope.restrictTo === 'otherSiteSpaces') defaults.delete(current ?? '');
  return all.filter((siteSpace) => defaults.has(siteSpace.id));
}

/**
 * The live spaces of these site spaces that the caller reads through the site: a reader every
 * one the site shows them (the site spaces are already theirs), a member only those they may
 * read in the organization.
 */
export async function spacesReadIn(
  db: Executor,
  caller: Caller,
  organizationId: string,
  siteSpaces: readonly SiteSpaceRecord[],
): Promise<SpaceRecord[]> {
  const spaces = [...(await spacesOf(db, siteSpaces)).values()].filter(
    (space) => space.deletedAt === null,
  );
  if (isSiteReader(caller)) return spaces;
  const readable = new Set(
    (await readableSpacesOf(db, caller, organizationId)).map((space) => space.id),
  );
  return spaces.filter((space) => readable.has(space.id));
}
