import type { Executor } from '../../store/schema.js';
import { findSiteById } from '../../store/sites.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { findSpaceById } from '../../store/spaces.js';
import type { ShareKeys } from './share-keys.js';
import { openShareKey } from './share-links.js';
import { readSiteStructure } from './site-structure.js';

/** A space reached through a share link: the space, and the path of its site space in the site. */
export interface SharedSpace {
  space: SpaceRecord;
  siteId: string;
  /** Section path (when in a section), then the site space's path. */
  segments: string[];
}

/**
 * The space a share key opens: the link must work (active, not expired) and its site must
 * publish the space; `undefined` otherwise. Deleted spaces are published nowhere.
 */
export async function findSharedSpace(
  db: Executor,
  keys: ShareKeys,
  spaceId: string,
  shareKey: string,
  now: Date,
): Promise<SharedSpace | undefined> {
  const link = await openShareKey(db, keys, shareKey, now);
  const site = link === undefined ? undefined : await findSiteById(db, link.siteId);
  const space = await findSpaceById(db, spaceId);
  if (site === undefined || space === undefined || space.deletedAt !== null) return undefined;
  const structure = await readSiteStructure(db, site);
  const siteSpace = structure.siteSpaces.find((item) => item.spaceId === spaceId);
  if (siteSpace === undefined) return undefined;
  const section = structure.sections.find((item) => item.id === siteSpace.sectionId);
  return {
    space,
    siteId: site.id,
    segments: [...(section === undefined ? [] : [section.path]), siteSpace.path],
  };
}
