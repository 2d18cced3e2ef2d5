import type { Selectable } from 'kysely';
import type {
  Executor,
  SiteSectionGroupsTable,
  SiteSectionsTable,
  SiteSpacesTable,
} from './schema.js';

/** A stored section group. */
export interface SectionGroupRecord {
  id: string;
  siteId: string;
  title: string;
  icon: string | null;
  /** Kept out of the published site while true. */
  draft: boolean;
  position: string;
  createdAt: string;
}

/** A stored site section. */
export interface SectionRecord {
  id: string;
  siteId: string;
  sectionGroupId: string | null;
  title: string;
  description: string | null;
  path: string;
  condition: string | null;
  icon: string | null;
  defaultSiteSpaceId: string | null;
  /** Kept out of the published site while true. */
  draft: boolean;
  position: string;
  createdAt: string;
}

/** A stored site space. */
export interface SiteSpaceRecord {
  id: string;
  siteId: string;
  sectionId: string | null;
  spaceId: string;
  path: string;
  condition: string | null;
  /** Its own customization settings as JSON text; `null`: none. */
  customization: string | null;
  /** Kept out of the published site while true. */
  draft: boolean;
  position: string;
  createdAt: string;
}

function toGroup(row: Selectable<SiteSectionGroupsTable>): SectionGroupRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    title: row.title,
    icon: row.icon,
    draft: row.draft === 1,
    position: row.position,
    createdAt: row.created_at,
  };
}

function toSection(row: Selectable<SiteSectionsTable>): SectionRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    sectionGroupId: row.section_group_id,
    title: row.title,
    description: row.description,
    path: row.path,
    condition: row.condition,
    icon: row.icon,
    defaultSiteSpaceId: row.default_site_space_id,
    draft: row.draft === 1,
    position: row.position,
    createdAt: row.created_at,
  };
}

function toSiteSpace(row: Selectable<SiteSpacesTable>): SiteSpaceRecord {
  return {
    id: row.id,
    siteId: row.site_id,
    sectionId: row.section_id,
    spaceId: row.space_id,
    path: row.path,
    condition: row.condition,
    customization: row.customization,
    draft: row.draft === 1,
    position: row.position,
    createdAt: row.created_at,
  };
}

/** Every section group, section and site space of a site, unordered. */
export async function readSiteRows(
  db: Executor,
  siteId: string,
): Promise<{
  groups: SectionGroupRecord[];
  sections: SectionRecord[];
  siteSpaces: SiteSpaceRecord[];
}> {
  const [groups, sections, siteSpaces] = await Promise.all([
    db.selectFrom('site_section_groups').selectAll().where('site_id', '=', siteId).execute(),
    db.selectFrom('site_sections').selectAll().where('site_id', '=', siteId).execute(),
    db.selectFrom('site_spaces').selectAll().where('site_id', '=', siteId).execute(),
  ]);
  return {
    groups: groups.map(toGroup),
    sections: sections.map(toSection),
    siteSpaces: siteSpaces.map(toSiteSpace),
  };
}

/** Stores a new section group. */
export async function insertSectionGroup(db: Executor, group: SectionGroupRecord): Promise<void> {
  await db
    .insertInto('site_section_groups')
    .values({
      id: group.id,
      site_id: group.siteId,
      title: group.title,
      icon: group.icon,
      draft: group.draft ? 1 : 0,
      position: group.position,
      created_at: group.createdAt,
    })
    .execute();
}

/** Writes changes to a section group. */
export async function updateSectionGroup(
  db: Executor,
  id: string,
  changes: Partial<Pick<SectionGroupRecord, 'title' | 'icon' | 'draft' | 'position'>>,
): Promise<void> {
  await db
    .updateTable('site_section_groups')
    .set({
      title: changes.title,
      icon: changes.icon,
      draft: changes.draft === undefined ? undefined : Number(changes.draft),
      position: changes.position,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a section group (its sections stay, ungrouped by the caller first). */
export async function deleteSectionGroup(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_section_groups').where('id', '=', id).execute();
}

/** Stores a new section. */
export async function insertSection(db: Executor, section: SectionRecord): Promise<void> {
  await db
    .insertInto('site_sections')
    .values({
      id: section.id,
      site_id: section.siteId,
      section_group_id: section.sectionGroupId,
      title: section.title,
      description: section.description,
      path: section.path,
      condition: section.condition,
      icon: section.icon,
      default_site_space_id: section.defaultSiteSpaceId,
      draft: section.draft ? 1 : 0,
      position: section.position,
      created_at: section.createdAt,
    })
    .execute();
}

/** Writes changes to a section; absent fields stay. */
export async function updateSection(
  db: Executor,
  id: string,
  changes: Partial<Omit<SectionRecord, 'id' | 'siteId' | 'createdAt'>>,
): Promise<void> {
  await db
    .updateTable('site_sections')
    .set({
      section_group_id: changes.sectionGroupId,
      title: changes.title,
      description: changes.description,
      path: changes.path,
      condition: changes.condition,
      icon: changes.icon,
      default_site_space_id: changes.defaultSiteSpaceId,
      draft: changes.draft === undefined ? undefined : Number(changes.draft),
      position: changes.position,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a section and its site spaces. */
export async function deleteSection(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_spaces').where('section_id', '=', id).execute();
  await db.deleteFrom('site_sections').where('id', '=', id).execute();
}

/** Stores a new site space. */
export async function insertSiteSpace(db: Executor, siteSpace: SiteSpaceRecord): Promise<void> {
  await db
    .insertInto('site_spaces')
    .values({
      id: siteSpace.id,
      site_id: siteSpace.siteId,
      section_id: siteSpace.sectionId,
      space_id: siteSpace.spaceId,
      path: siteSpace.path,
      condition: siteSpace.condition,
      customization: siteSpace.customization,
      draft: siteSpace.draft ? 1 : 0,
      position: siteSpace.position,
      created_at: siteSpace.createdAt,
    })
    .execute();
}

/** Writes changes to a site space; absent fields stay. */
export async function updateSiteSpace(
  db: Executor,
  id: string,
  changes: Partial<Omit<SiteSpaceRecord, 'id' | 'siteId' | 'createdAt'>>,
): Promise<void> {
  await db
    .updateTable('site_spaces')
    .set({
      section_id: changes.sectionId,
      space_id: changes.spaceId,
      path: changes.path,
      condition: changes.condition,
      customization: changes.customization,
      draft: changes.draft === undefined ? undefined : Number(changes.draft),
      position: changes.position,
    })
    .where('id', '=', id)
    .execute();
}

/** Removes a site space. */
export async function deleteSiteSpace(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_spaces').where('id', '=', id).execute();
}

/** The site spaces that publish a space, in every site. */
export async function findSiteSpacesOfSpace(
  db: Executor,
  spaceId: string,
): Promise<SiteSpaceRecord[]> {
  const rows = await db
    .selectFrom('site_spaces')
    .selectAll()
    .where('space_id', '=', spaceId)
    .execute();
  return rows.map(toSiteSpace);
}
