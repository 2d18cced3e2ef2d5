import type { Kysely } from 'kysely';
import { conflict, invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database } from '../../store/schema.js';
import {
  deleteSection,
  insertSection,
  type SectionRecord,
  updateSection,
  updateSiteSpace,
} from '../../store/site-structure.js';
import { type SiteRecord, updateSite } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import { checkCondition } from './conditions.js';
import { appendSiteSpace, removeSiteSpaces, requireSpaceForSite } from './site-spaces.js';
import {
  changeSite,
  type Placement,
  positionAtEnd,
  positionNextTo,
  readSiteStructure,
  type SiteStructure,
  siteSpacesIn,
  uniquePath,
} from './site-structure.js';

/** The section with this id in the structure, or a 404. */
export function requireSection(structure: SiteStructure, sectionId: string): SectionRecord {
  const section = structure.sections.find((item) => item.id === sectionId);
  if (section === undefined) throw notFound(`Site section ${sectionId} not found`);
  return section;
}

/** The top level of a site as siblings: ungrouped sections and groups, in order. */
export function topLevelSiblings(structure: SiteStructure): { id: string; position: string }[] {
  return structure.topLevel.map((item) => (item.kind === 'section' ? item.section : item.group));
}

/**
 * Creates a section at the end of the top level with a site space of `spaceId`. The site's first
 * section becomes its default and takes in the site spaces of the root, default and all.
 */
export function createSection(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  input: {
    spaceId: string;
    title: string;
    icon?: string | undefined;
    draft?: boolean | undefined;
  },
  now: Date,
): Promise<SectionRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const space = await requireSpaceForSite(trx, structure.site, input.spaceId, 'spaceId');
    const first = structure.sections.length === 0;
    const rootSpaces = siteSpacesIn(structure, null);
    const section: SectionRecord = {
      id: newId(),
      siteId: site.id,
      sectionGroupId: null,
      title: input.title,
      description: null,
      path: uniquePath(input.title, new Set(structure.sections.map((item) => item.path))),
      condition: null,
      icon: input.icon ?? null,
      defaultSiteSpaceId: first && rootSpaces.length > 0 ? structure.site.defaultSiteSpaceId : null,
      draft: input.draft ?? false,
      position: positionAtEnd(topLevelSiblings(structure)),
      createdAt: now.toISOString(),
    };
    await insertSection(trx, section);
    if (first) {
      for (const siteSpace of rootSpaces)
        await updateSiteSpace(trx, siteSpace.id, { sectionId: section.id });
      await updateSite(trx, site.id, {
        defaultSectionId: section.id,
        defaultSiteSpaceId: null,
        updatedAt: now.toISOString(),
      });
    }
    const moved = await readSiteStructure(trx, { ...structure.site, defaultSectionId: section.id });
    const siteSpace = await appendSiteSpace(trx, moved, space, section.id, now);
    return {
      result: { ...section, defaultSiteSpaceId: section.defaultSiteSpaceId ?? siteSpace.id },
      event: {
        action: 'site_section.created',
        target: { type: 'site-section', id: section.id, label: section.title },
        payload: { space: space.id },
      },
    };
  });
}

/** What a section update may change; `null` removes `condition`, `icon` or `description`. */
export interface SectionSettings {
  title?: string | undefined;
  path?: string | undefined;
  defaultSiteSpace?: string | undefined;
  condition?: string | null | undefined;
  icon?: string | null | undefined;
  description?: string | null | undefined;
  /** Kept out of the published site while true. */
  draft?: boolean | undefined;
}

/** Changes a section; its path stays unique in the site, its default one of its site spaces. */
export function updateSectionSettings(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  sectionId: string,
  settings: SectionSettings,
  now: Date,
): Promise<SectionRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const section = requireSection(structure, sectionId);
    if (settings.path !== undefined) {
      const clash = structure.sections.some(
        (item) => item.id !== section.id && item.path === settings.path,
      );
      if (clash) throw conflict(`path: another section of this site has the path ${settings.path}`);
    }
    if (
      settings.defaultSiteSpace !== undefined &&
      !siteSpacesIn(structure, section.id).some((item) => item.id === settings.defaultSiteSpace)
    ) {
      throw invalid(
        `defaultSiteSpace: ${settings.defaultSiteSpace} is not a site space of this section`,
      );
    }
    if (typeof settings.condition === 'string') {
      checkCondition(settings.condition, 'condition');
    }
    const changes = {
      title: settings.title,
      path: settings.path,
      defaultSiteSpaceId: settings.defaultSiteSpace,
      condition: settings.condition,
      icon: settings.icon,
      description: settings.description,
      draft: settings.draft,
    };
    await updateSection(trx, section.id, changes);
    const updated: SectionRecord = {
      ...section,
      title: changes.title ?? section.title,
      path: changes.path ?? section.path,
      defaultSiteSpaceId: changes.defaultSiteSpaceId ?? section.defaultSiteSpaceId,
      condition: changes.condition === undefined ? section.condition : changes.condition,
      icon: changes.icon === undefined ? section.icon : changes.icon,
      description: changes.description === undefined ? section.description : changes.description,
    };
    return {
      result: updated,
      event: {
        action: 'site_section.updated',
        target: { type: 'site-section', id: section.id, label: updated.title },
        payload: { fields: Object.keys(settings).sort() },
      },
    };
  });
}

/** Removes a section and its site spaces; a removed default section hands over to the first left. */
export async function removeSection(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  sectionId: string,
  now: Date,
): Promise<void> {
  const exists = (await readSiteStructure(db, site)).sections.some((item) => item.id === sectionId);
  if (!exists) return;
  await changeSite(db, actor, site, now, async (trx, structure) => {
    const section = requireSection(structure, sectionId);
    await removeSiteSpaces(trx, structure, siteSpacesIn(structure, section.id));
    await deleteSection(trx, section.id);
    if (structure.site.defaultSectionId === section.id) {
      const next = structure.sections.find((item) => item.id !== section.id);
      await updateSite(trx, site.id, {
        defaultSectionId: next?.id ?? null,
        updatedAt: now.toISOString(),
      });
    }
    return {
      result: undefined,
      event: {
        action: 'site_section.deleted',
        target: { type: 'site-section', id: section.id, label: section.title },
      },
    };
  });
}

/** Moves a section next to another section of the same group (or of the top level). */
export function moveSection(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  sectionId: string,
  placement: Placement,
  now: Date,
): Promise<SectionRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const section = requireSection(structure, sectionId);
    const group = structure.topLevel.find(
      (item) => item.kind === 'group' && item.group.id === section.sectionGroupId,
    );
    const siblings =
      group?.kind === 'group'
        ? group.sections
        : structure.topLevel.flatMap((item) => (item.kind === 'section' ? [item.section] : []));
    if (!siblings.some((item) => item.id === placement.anchorId)) {
      throw invalid(
        `position.${placement.side}: ${placement.anchorId} is not a section next to which ${section.id} can go`,
      );
    }
    // Ungrouped sections share the top level with groups: place among all of it.
    const order = group === undefined ? topLevelSiblings(structure) : siblings;
    const position = positionNextTo(order, section.id, placement, `position.${placement.side}`);
    await updateSection(trx, section.id, { position });
    return {
      result: { ...section, position },
      event: {
        action: 'site_section.moved',
        target: { type: 'site-section', id: section.id, label: section.title },
      },
    };
  });
}
