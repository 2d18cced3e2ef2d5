import type { Kysely } from 'kysely';
import { invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Database } from '../../store/schema.js';
import {
  deleteSectionGroup,
  insertSectionGroup,
  type SectionGroupRecord,
  updateSection,
  updateSectionGroup,
} from '../../store/site-structure.js';
import type { SiteRecord } from '../../store/sites.js';
import type { Actor } from '../actor.js';
import { positionBetween } from '../positions.js';
import { requireSection, topLevelSiblings } from './sections.js';
import {
  changeSite,
  type Placement,
  positionAtEnd,
  positionNextTo,
  readSiteStructure,
  type SiteStructure,
} from './site-structure.js';

/** The group with this id in the structure, or a 404. */
export function requireGroup(structure: SiteStructure, groupId: string): SectionGroupRecord {
  const group = structure.groups.find((item) => item.id === groupId);
  if (group === undefined) throw notFound(`Site section group ${groupId} not found`);
  return group;
}

/** The site's structure after a change, to answer with the group as it now is. */
async function groupAfter(
  db: Parameters<typeof readSiteStructure>[0],
  site: SiteRecord,
  groupId: string,
): Promise<SectionGroupRecord> {
  return requireGroup(await readSiteStructure(db, site), groupId);
}

/** Creates a group at the end of the top level holding `sections`, in that order. */
export function createSectionGroup(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  input: {
    title: string;
    icon?: string | undefined;
    sections?: string[] | undefined;
    draft?: boolean | undefined;
  },
  now: Date,
): Promise<SectionGroupRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const sections = (input.sections ?? []).map((id) => {
      if (!structure.sections.some((section) => section.id === id)) {
        throw invalid(`sections: ${id} is not a section of this site`);
      }
      return id;
    });
    const group: SectionGroupRecord = {
      id: newId(),
      siteId: site.id,
      title: input.title,
      icon: input.icon ?? null,
      draft: input.draft ?? false,
      position: positionAtEnd(topLevelSiblings(structure)),
      createdAt: now.toISOString(),
    };
    await insertSectionGroup(trx, group);
    let position: string | null = null;
    for (const sectionId of sections) {
      position = positionBetween(position, null);
      await updateSection(trx, sectionId, { sectionGroupId: group.id, position });
    }
    return {
      result: group,
      event: {
        action: 'site_section_group.created',
        target: { type: 'site-section-group', id: group.id, label: group.title },
        payload: { sections },
      },
    };
  });
}

/** Renames a group or changes its icon (`null` removes it). */
export function updateSectionGroupSettings(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  groupId: string,
  settings: {
    title?: string | undefined;
    icon?: string | null | undefined;
    draft?: boolean | undefined;
  },
  now: Date,
): Promise<SectionGroupRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const group = requireGroup(structure, groupId);
    await updateSectionGroup(trx, group.id, settings);
    const updated = {
      ...group,
      title: settings.title ?? group.title,
      icon: settings.icon === undefined ? group.icon : settings.icon,
      draft: settings.draft ?? group.draft,
    };
    return {
      result: updated,
      event: {
        action: 'site_section_group.updated',
        target: { type: 'site-section-group', id: group.id, label: updated.title },
        payload: { fields: Object.keys(settings).sort() },
      },
    };
  });
}

/** Removes a group; its sections go, in order, to the end of the top level. */
export async function removeSectionGroup(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  groupId: string,
  now: Date,
): Promise<void> {
  if (!(await readSiteStructure(db, site)).groups.some((item) => item.id === groupId)) return;
  await changeSite(db, actor, site, now, async (trx, structure) => {
    const group = requireGroup(structure, groupId);
    let position = positionAtEnd(topLevelSiblings(structure));
    for (const section of structure.sections.filter((item) => item.sectionGroupId === group.id)) {
      await updateSection(trx, section.id, { sectionGroupId: null, position });
      position = positionBetween(position, null);
    }
    await deleteSectionGroup(trx, group.id);
    return {
      result: undefined,
      event: {
        action: 'site_section_group.deleted',
        target: { type: 'site-section-group', id: group.id, label: group.title },
      },
    };
  });
}

/** Puts a section at the end of a group, out of any other. */
export async function addSectionToGroup(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  groupId: string,
  sectionId: string,
  now: Date,
): Promise<SectionGroupRecord> {
  await changeSite(db, actor, site, now, async (trx, structure) => {
    const group = requireGroup(structure, groupId);
    const section = structure.sections.find((item) => item.id === sectionId);
    if (section === undefined)
      throw invalid(`sectionId: ${sectionId} is not a section of this site`);
    if (section.sectionGroupId !== group.id) {
      const members = structure.sections.filter((item) => item.sectionGroupId === group.id);
      await updateSection(trx, section.id, {
        sectionGroupId: group.id,
        position: positionAtEnd(members),
      });
    }
    return {
      result: undefined,
      event: {
        action: 'site_section_group.section_added',
        target: { type: 'site-section-group', id: group.id, label: group.title },
        payload: { section: section.id },
      },
    };
  });
  return groupAfter(db, site, groupId);
}

/** Takes a section out of a group, to the end of the top level. Nothing when it is not in it. */
export async function removeSectionFromGroup(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  groupId: string,
  sectionId: string,
  now: Date,
): Promise<void> {
  const before = await readSiteStructure(db, site);
  requireGroup(before, groupId);
  const member = before.sections.find((item) => item.id === sectionId);
  if (member === undefined || member.sectionGroupId !== groupId) return;
  await changeSite(db, actor, site, now, async (trx, structure) => {
    const group = requireGroup(structure, groupId);
    const section = requireSection(structure, sectionId);
    await updateSection(trx, section.id, {
      sectionGroupId: null,
      position: positionAtEnd(topLevelSiblings(structure)),
    });
    return {
      result: undefined,
      event: {
        action: 'site_section_group.section_removed',
        target: { type: 'site-section-group', id: group.id, label: group.title },
        payload: { section: section.id },
      },
    };
  });
}

/** Moves a group next to a top-level section or another group. */
export function moveSectionGroup(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  groupId: string,
  placement: Placement,
  now: Date,
): Promise<SectionGroupRecord> {
  return changeSite(db, actor, site, now, async (trx, structure) => {
    const group = requireGroup(structure, groupId);
    const position = positionNextTo(
      topLevelSiblings(structure),
      group.id,
      placement,
      `position.${placement.side}`,
    );
    await updateSectionGroup(trx, group.id, { position });
    return {
      result: { ...group, position },
      event: {
        action: 'site_section_group.moved',
        target: { type: 'site-section-group', id: group.id, label: group.title },
      },
    };
  });
}
