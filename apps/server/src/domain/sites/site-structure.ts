import { slugify } from '@quire/document';
import type { Kysely } from 'kysely';
import { invalid } from '../../errors.js';
import type { Database, Executor } from '../../store/schema.js';
import {
  readSiteRows,
  type SectionGroupRecord,
  type SectionRecord,
  type SiteSpaceRecord,
} from '../../store/site-structure.js';
import { findSiteById, type SiteRecord, updateSite } from '../../store/sites.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { type DomainEvent, recordEvent } from '../events/record-event.js';
import { positionBetween } from '../positions.js';

/** One item of a site's top level: an ungrouped section, or a group with its sections. */
export type TopLevelItem =
  | { kind: 'section'; section: SectionRecord }
  | { kind: 'group'; group: SectionGroupRecord; sections: SectionRecord[] };

/** A site with everything in it, each list in reading order. */
export interface SiteStructure {
  site: SiteRecord;
  topLevel: TopLevelItem[];
  groups: SectionGroupRecord[];
  sections: SectionRecord[];
  siteSpaces: SiteSpaceRecord[];
  /** A key per item that sorts as the reading order, for page tokens. */
  sortKeys: Map<string, string>;
}

/**
 * What the site publishes: its structure without drafts, nor the sections of a draft group, nor
 * the site spaces of a draft section.
 */
export function liveStructure(structure: SiteStructure): SiteStructure {
  const draftGroups = new Set(structure.groups.filter((group) => group.draft).map((g) => g.id));
  const sections = structure.sections.filter(
    (section) =>
      !section.draft &&
      (section.sectionGroupId === null || !draftGroups.has(section.sectionGroupId)),
  );
  const liveSections = new Set(sections.map((section) => section.id));
  const isLive = (section: SectionRecord) => liveSections.has(section.id);
  return {
    ...structure,
    groups: structure.groups.filter((group) => !group.draft),
    sections,
    siteSpaces: structure.siteSpaces.filter(
      (siteSpace) =>
        !siteSpace.draft && (siteSpace.sectionId === null || liveSections.has(siteSpace.sectionId)),
    ),
    topLevel: structure.topLevel.flatMap((item): TopLevelItem[] => {
      if (item.kind === 'section') return isLive(item.section) ? [item] : [];
      if (item.group.draft) return [];
      return [{ ...item, sections: item.sections.filter(isLive) }];
    }),
  };
}

const byPosition = <T extends { position: string; id: string }>(a: T, b: T) =>
  a.position < b.position
    ? -1
    : a.position > b.position
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0;

/**
 * Reads a site's groups, sections and site spaces and orders them as readers see them: the top
 * level (ungrouped sections and groups) by position, a group's sections by position, and site
 * spaces by section, then by position.
 */
export async function readSiteStructure(db: Executor, site: SiteRecord): Promise<SiteStructure> {
  const rows = await readSiteRows(db, site.id);
  const sortKeys = new Map<string, string>();
  const topLevel: TopLevelItem[] = [
    ...rows.groups.map((group) => ({
      kind: 'group' as const,
      group,
      position: group.position,
      id: group.id,
    })),
    ...rows.sections
      .filter((section) => section.sectionGroupId === null)
      .map((section) => ({
        kind: 'section' as const,
        section,
        position: section.position,
        id: section.id,
      })),
  ]
    .sort(byPosition)
    .map((item): TopLevelItem => {
      const key = `${item.position}\u0001${item.id}`;
      if (item.kind === 'section') {
        sortKeys.set(item.id, key);
        return { kind: 'section', section: item.section };
      }
      sortKeys.set(item.id, key);
      const sections = rows.sections
        .filter((section) => section.sectionGroupId === item.id)
        .sort(byPosition);
      for (const section of sections) {
        sortKeys.set(section.id, `${key}\u0001${section.position}\u0001${section.id}`);
      }
      return { kind: 'group', group: item.group, sections };
    });
  const sections = topLevel.flatMap((item) =>
    item.kind === 'section' ? [item.section] : item.sections,
  );
  const sectionOrder = new Map(sections.map((section, index) => [section.id, index]));
  const siteSpaces = [...rows.siteSpaces].sort((a, b) => {
    const sectionA = a.sectionId === null ? -1 : (sectionOrder.get(a.sectionId) ?? -1);
    const sectionB = b.sectionId === null ? -1 : (sectionOrder.get(b.sectionId) ?? -1);
    return sectionA - sectionB || byPosition(a, b);
  });
  siteSpaces.forEach((siteSpace, index) => {
    // Site spaces are few per site; their reading index, padded, sorts as the reading order.
    sortKeys.set(siteSpace.id, `${String(index).padStart(8, '0')}\u0001${siteSpace.id}`);
  });
  return {
    site,
    topLevel,
    groups: topLevel.flatMap((item) => (item.kind === 'group' ? [item.group] : [])),
    sections,
    siteSpaces,
    sortKeys,
  };
}

/** The site spaces of one section (`null`: the root), in order. */
export function siteSpacesIn(
  structure: SiteStructure,
  sectionId: string | null,
): SiteSpaceRecord[] {
  return structure.siteSpaces.filter((siteSpace) => siteSpace.sectionId === sectionId);
}

/** The id of the default site space of a section (`null`: the root). */
export function defaultSiteSpaceOf(
  structure: SiteStructure,
  sectionId: string | null,
): string | null {
  if (sectionId === null) return structure.site.defaultSiteSpaceId;
  return structure.sections.find((section) => section.id === sectionId)?.defaultSiteSpaceId ?? null;
}

/** The spaces the site spaces point to, by id, each found with `find` (by default, read). */
export async function spacesOf(
  db: Executor,
  siteSpaces: readonly { spaceId: string }[],
  find: (spaceId: string) => Promise<SpaceRecord | undefined> = (id) => findSpaceById(db, id),
): Promise<Map<string, SpaceRecord>> {
  const ids = [...new Set(siteSpaces.map((siteSpace) => siteSpace.spaceId))];
  const spaces = await Promise.all(ids.map(find));
  return new Map(spaces.flatMap((space) => (space === undefined ? [] : [[space.id, space]])));
}

/** A position after every one of these siblings. */
export function positionAtEnd(siblings: readonly { position: string }[]): string {
  const last = siblings.reduce<string | null>(
    (highest, sibling) =>
      highest === null || sibling.position > highest ? sibling.position : highest,
    null,
  );
  return positionBetween(last, null);
}

/** Where a move puts an item: right before or after a sibling. */
export interface Placement {
  anchorId: string;
  side: 'before' | 'after';
}

/**
 * The position right before or after `anchorId` among ordered `siblings` (the moving item left
 * out). An anchor that is not a sibling is a 400 naming `field`.
 */
export function positionNextTo(
  siblings: readonly { id: string; position: string }[],
  movingId: string,
  { anchorId, side }: Placement,
  field: string,
): string {
  if (anchorId === movingId) throw invalid(`${field}: an item cannot be placed next to itself`);
  const others = siblings.filter((sibling) => sibling.id !== movingId);
  const index = others.findIndex((sibling) => sibling.id === anchorId);
  const anchor = others[index];
  if (anchor === undefined) throw invalid(`${field}: ${anchorId} is not a sibling of ${movingId}`);
  return side === 'before'
    ? positionBetween(others[index - 1]?.position ?? null, anchor.position)
    : positionBetween(anchor.position, others[index + 1]?.position ?? null);
}

/** `base`, or `base-2`, `base-3`… whichever is not taken. */
export function uniquePath(base: string, taken: ReadonlySet<string>): string {
  const start = slugify(base).slice(0, 90) || 'space';
  if (!taken.has(start)) return start;
  for (let n = 2; ; n += 1) {
    const candidate = `${start}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** What one structure change did: its event, and what the caller gets back. */
export interface StructureChange<Result> {
  result: Result;
  event: Omit<DomainEvent, 'organizationId'>;
}

/**
 * Runs one change of a site in a transaction: takes the site's row first (its update is a row
 * lock on PostgreSQL, so writers of one site go one after the other and none reads a structure
 * another is changing), reads the structure, applies the change and records its event.
 */
export function changeSite<Result>(
  db: Kysely<Database>,
  actor: Actor,
  site: SiteRecord,
  now: Date,
  change: (trx: Executor, structure: SiteStructure) => Promise<StructureChange<Result>>,
): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    await updateSite(trx, site.id, { updatedAt: now.toISOString() });
    const current = await findSiteById(trx, site.id);
    if (current === undefined) throw new Error(`Site ${site.id} vanished while changing`);
    const { result, event } = await change(trx, await readSiteStructure(trx, current));
    await recordEvent(trx, actor, { ...event, organizationId: current.organizationId }, now);
    return result;
  });
}
