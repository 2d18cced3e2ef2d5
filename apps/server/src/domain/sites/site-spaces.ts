import type { Kysely } from 'kysely';
import { conflict, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  deleteSiteSpace,
  findSiteSpacesOfSpace,
  insertSiteSpace,
  type SiteSpaceRecord,
  updateSection,
  updateSiteSpace,
} from '../../store/site-structure.js';
import { findSiteById, type SiteRecord, updateSite } from '../../store/sites.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { checkCondition } from './conditions.js';
import { requireSiteSpace } from './site-settings.js';
import {
  changeSite,
  defaultSiteSpaceOf,
  type Placement,
  positionAtEnd,
  positionNextTo,
  readSiteStructure,
  type SiteStructure,
  siteSpacesIn,
  uniquePath,
} from './site-structure.js';

/** A live space of the site's organization, or a 400 naming `field`. */
export async function requireSpaceForSite(
  trx: Executor,
  site: SiteRecord,
  spaceId: string,
  field: string,
): Promise<SpaceRecord> {
  const space = await findSpaceById(trx, spaceId);
  if (
    space === undefined ||
    space.deletedAt !== null ||
    space.organizationId !== site.organizationId
  ) {
    throw notFound(`${field}: space ${spaceId} not found in this organization`);
  }
  return space;
}

/**
 * Adds a site space for `space` at the end of section `sectionId` (`null`: the root); the first
 * of its section becomes the default. Pass the transaction and the structure of `changeSite`.
 */
export async function appendSiteSpace(
  trx: Executor,
  structure: SiteStructure,
  space: SpaceRecord,
  sectionId: string | null,
  now: Date,
  draft = false,
): Promise<SiteSpaceRecord> {
  const siblings = siteSpacesIn(structure, sectionId);
  const siteSpace: SiteSpaceRecord = {
    id: newId(),
    siteId: structure.site.id,
    sectionId,
    spaceId: space.id,
    path: uniquePath(space.title, new Set(siblings.map((sibling) => sibling.path))),
    condition: null,
    customization: null,
    draft,
    position: positionAtEnd(siblings),
    createdAt: now.toISOString(),
  };
  await insertSiteSpace(trx, siteSpace);
  if (defaultSiteSpaceOf(structure, sectionId) === null)
    await setDefault(trx, structure, siteSpace);
  return siteSpace;
}

async function setDefault(
  trx: Executor,
  structure: SiteStructure,
  siteSpace: Pick<SiteSpaceRecord, 'id' | 'sectionId'> | undefined,
  sectionId: string | null = siteSpace?.sectionId ?? null,
): Promise<void> {
  const id = siteSpace?.id ?? null;
  if (sectionId === null) {
    await updateSite(trx, structure.site.id, {
      defaultSiteSpaceId: id,
      updatedAt: structure.site.updatedAt,
    });
  } else {
    await updateSection(trx, sectionId, { defaultSiteSpaceId: id });
  }
}

/** Adds a space to a site: to `sectionId`, else the default section, else the root. */
export function addSpaceToSite(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  input: { spaceId: string; sectionId?: string | undefined; draft?: boolean | undefined },
  now: Date,
): Promise<SiteSpaceRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const space = await requireSpaceForSite(trx, structure.site, input.spaceId, 'spaceId');
    let sectionId = structure.site.defaultSectionId ?? structure.sections[0]?.id ?? null;
    if (input.sectionId !== undefined) {
      if (!structure.sections.some((section) => section.id === input.sectionId)) {
        throw invalid(`sectionId: ${input.sectionId} is not a section of this site`);
      }
      sectionId = input.sectionId;
    }
    const siteSpace = await appendSiteSpace(trx, structure, space, sectionId, now, input.draft);
    return {
      result: siteSpace,
      event: {
        action: 'site_space.created',
        target: { type: 'site-space', id: siteSpace.id, label: space.title },
        payload: { space: space.id, section: sectionId },
      },
    };
  });
}

/** What a site space update may change; `condition: null` removes it. */
export interface SiteSpaceSettings {
  path?: string | undefined;
  condition?: string | null | undefined;
  spaceId?: string | undefined;
  /** Kept out of the published site while true. */
  draft?: boolean | undefined;
}

/** Changes a site space's path (unique in its section), condition or space. */
export function updateSiteSpaceSettings(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  siteSpaceId: string,
  settings: SiteSpaceSettings,
  now: Date,
): Promise<SiteSpaceRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const siteSpace = requireSiteSpace(structure.siteSpaces, siteSpaceId);
    if (settings.path !== undefined) {
      const clash = siteSpacesIn(structure, siteSpace.sectionId).find(
        (sibling) => sibling.id !== siteSpace.id && sibling.path === settings.path,
      );
      if (clash !== undefined)
        throw conflict(`path: another site space here has the path ${settings.path}`);
    }
    if (typeof settings.condition === 'string') {
      checkCondition(settings.condition, 'condition');
    }
    if (settings.spaceId !== undefined) {
      await requireSpaceForSite(trx, structure.site, settings.spaceId, 'spaceId');
    }
    await updateSiteSpace(trx, siteSpace.id, {
      path: settings.path,
      condition: settings.condition,
      spaceId: settings.spaceId,
      draft: settings.draft,
    });
    const updated: SiteSpaceRecord = {
      ...siteSpace,
      path: settings.path ?? siteSpace.path,
      condition: settings.condition === undefined ? siteSpace.condition : settings.condition,
      spaceId: settings.spaceId ?? siteSpace.spaceId,
      draft: settings.draft ?? siteSpace.draft,
    };
    return {
      result: updated,
      event: {
        action: 'site_space.updated',
        target: { type: 'site-space', id: siteSpace.id, label: updated.path },
        payload: { fields: Object.keys(settings).sort() },
      },
    };
  });
}

/**
 * Removes site spaces of one site; a removed default hands over to the first that remains in its
 * section (or at the root). Pass the transaction and structure of the change.
 */
export async function removeSiteSpaces(
  trx: Executor,
  structure: SiteStructure,
  removed: readonly SiteSpaceRecord[],
): Promise<void> {
  const gone = new Set(removed.map((siteSpace) => siteSpace.id));
  for (const siteSpace of removed) await deleteSiteSpace(trx, siteSpace.id);
  const containers = new Set(removed.map((siteSpace) => siteSpace.sectionId));
  for (const sectionId of containers) {
    const current = defaultSiteSpaceOf(structure, sectionId);
    if (current === null || !gone.has(current)) continue;
    const next = siteSpacesIn(structure, sectionId).find((siteSpace) => !gone.has(siteSpace.id));
    await setDefault(trx, structure, next, sectionId);
  }
}

/** Removes a site space from its site. Answers whether there was one. */
export async function removeSiteSpace(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  siteSpaceId: string,
  now: Date,
): Promise<void> {
  const exists = (await readSiteStructure(db, site)).siteSpaces.some(
    (item) => item.id === siteSpaceId,
  );
  if (!exists) return;
  await changeSite(db, actor, site, now, async (trx, structure) => {
    const siteSpace = requireSiteSpace(structure.siteSpaces, siteSpaceId);
    await removeSiteSpaces(trx, structure, [siteSpace]);
    return {
      result: undefined,
      event: {
        action: 'site_space.deleted',
        target: { type: 'site-space', id: siteSpace.id, label: siteSpace.path },
        payload: { space: siteSpace.spaceId },
      },
    };
  });
}

/** Moves a site space next to another of the same section (or of the root). */
export function moveSiteSpace(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  siteSpaceId: string,
  placement: Placement,
  now: Date,
): Promise<SiteSpaceRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const siteSpace = requireSiteSpace(structure.siteSpaces, siteSpaceId);
    const position = positionNextTo(
      siteSpacesIn(structure, siteSpace.sectionId),
      siteSpace.id,
      placement,
      `position.${placement.side}`,
    );
    await updateSiteSpace(trx, siteSpace.id, { position });
    return {
      result: { ...siteSpace, position },
      event: {
        action: 'site_space.moved',
        target: { type: 'site-space', id: siteSpace.id, label: siteSpace.path },
      },
    };
  });
}

/**
 * Takes a space out of every site that publishes it (the space was deleted or left the
 * organization), handing each lost default over. Runs in the caller's transaction: the change
 * is part of the space's own, recorded by its event.
 */
export async function removeSpaceFromSites(trx: Executor, spaceId: string): Promise<void> {
  const siteSpaces = await findSiteSpacesOfSpace(trx, spaceId);
  for (const siteId of new Set(siteSpaces.map((siteSpace) => siteSpace.siteId))) {
    const site = await findSiteById(trx, siteId);
    if (site === undefined) continue;
    const structure = await readSiteStructure(trx, site);
    await removeSiteSpaces(
      trx,
      structure,
      structure.siteSpaces.filter((siteSpace) => siteSpace.spaceId === spaceId),
    );
  }
}
