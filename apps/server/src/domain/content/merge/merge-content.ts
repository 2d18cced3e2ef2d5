import type { ContentObjects } from '../content-objects.js';
import { ContentTree } from '../content-tree.js';
import {
  type FileRecord,
  isFileRecord,
  isPageRecord,
  type PageRecord,
  pageContentFields,
} from '../records.js';
import { mapDiff } from '../tree/map-diff.js';
import {
  type BodyConverter,
  mergeBodyIds,
  mergeReusableContents,
  pagesIncludingMissing,
  removesReusableContent,
} from './merge-reusable-contents.js';
import { mergeSequence, mergeTexts, mergeValue } from './three-way.js';

/** Something both sides changed in ways that can't be combined. */
export interface MergeConflict {
  page?: string;
  file?: string;
  reusableContent?: string;
  path?: string;
  /** What conflicts: a page field, `document` (its body), `page` (deleted on one side, changed
   * on the other), `children` (the order of its child pages), `variables.<name>`, `file`. */
  field: string;
}

/**
 * How conflicting page fields are settled, by {@link resolutionKey}: the value of `ours` or of
 * `theirs`. A conflict without one stops the merge.
 */
export type MergeResolutions = ReadonlyMap<string, 'ours' | 'theirs'>;

/** The key of a page field's resolution: the page, and the field as a conflict names it. */
export function resolutionKey(page: string, field: string): string {
  return `${page}\u0000${field}`;
}

/** A merge's result: the merged content's root, or why it can't be merged. */
export type MergeOutcome = { root: string | null } | { conflicts: MergeConflict[] };

export type { BodyConverter };

// The fields of a page that merge one by one; `children` merges as a sequence, `updatedAt`
// follows whichever side changed the page last.
const pageFields = [...pageContentFields, 'parent', 'documentId'] as const;

const byKey = <T>(entries: Iterable<[string, T]>) =>
  [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function pageOf(value: unknown): PageRecord | undefined {
  return isPageRecord(value) ? value : undefined;
}

/**
 * Merges three versions of a revision's content: `theirs`'s changes since `base` are applied to
 * `ours`. Pages, files, variables and reusable contents merge one by one and field by field; bodies both sides
 * edited merge line by line; child page orders merge as sequences. Anything both sides changed
 * differently is a conflict, and then nothing is merged. Only the parts that differ from the
 * base are read: unchanged subtrees are skipped by hash.
 */
export async function mergeContent(
  objects: ContentObjects,
  roots: { base: string | null; ours: string | null; theirs: string | null },
  bodies: BodyConverter,
  resolutions: MergeResolutions = new Map(),
): Promise<MergeOutcome> {
  if (roots.theirs === roots.base || roots.theirs === roots.ours) return { root: roots.ours };
  if (roots.ours === roots.base) return { root: roots.theirs };
  const [base, ours, theirs, result] = await Promise.all([
    ContentTree.open(objects, roots.base),
    ContentTree.open(objects, roots.ours),
    ContentTree.open(objects, roots.theirs),
    ContentTree.open(objects, roots.ours),
  ]);
  const conflicts: MergeConflict[] = [];
  const theirPages = await mapDiff(objects, base.parts.pages, theirs.parts.pages);
  const ourPages = await mapDiff(objects, base.parts.pages, ours.parts.pages);
  const pathOf = async (id: string) => {
    for (const tree of [theirs, ours, base]) {
      const page = await tree.page(id);
      if (page !== undefined) return tree.pathOf(page);
    }
    return undefined;
  };
  const conflict = async (page: string, field: string) => {
    const path = await pathOf(page);
    conflicts.push({ page, ...(path === undefined ? {} : { path }), field });
  };

  // Pages: records field by field. Child lists are merged afterwards, once every page is placed.
  const childLists: (string | null)[] = [];
  for (const [id, change] of byKey(theirPages)) {
    const before = pageOf(change.before);
    const after = pageOf(change.after);
    const ourChange = ourPages.get(id);
    const mine = ourChange === undefined ? before : pageOf(ourChange.after);
    if (after === undefined) {
      if (ourChange !== undefined && mine !== undefined) await conflict(id, 'page');
      else if (mine !== undefined) await result.removePage(mine);
      continue;
    }
    if (before !== undefined && mine === undefined) {
      await conflict(id, 'page');
      continue;
    }
    const merged = await mergePage(before, mine, after, objects, bodies, {
      conflict: (field) => conflict(id, field),
      resolution: (field) => resolutions.get(resolutionKey(id, field)),
    });
    if (merged === undefined) continue;
    await result.putPage({ ...merged, children: mine?.children ?? null });
    if (mine === undefined || mine.parent !== merged.parent || mine.slug !== merged.slug) {
      if (mine !== undefined && (await result.pageWithSlug(mine.parent, mine.slug)) === id) {
        await result.setSlugOwner(mine.parent, mine.slug, undefined);
      }
      const owner = await result.pageWithSlug(merged.parent, merged.slug);
      if (owner !== undefined && owner !== id) await conflict(id, 'slug');
      else await result.setSlugOwner(merged.parent, merged.slug, id);
    }
    if ((before?.children ?? null) !== after.children) childLists.push(id);
  }
  if (base.parts.top !== theirs.parts.top) childLists.push(null);

  for (const parent of childLists) {
    const merged = mergeSequence(
      await base.childIds(parent),
      await ours.childIds(parent),
      await theirs.childIds(parent),
      { uniqueItems: true },
    );
    if ('conflict' in merged) {
      if (parent === null) conflicts.push({ path: '', field: 'children' });
      else await conflict(parent, 'children');
      continue;
    }
    if (parent !== null && (await result.page(parent)) === undefined) continue;
    await result.replaceChildren(parent, merged.value);
  }
  for (const [id, page] of await placedPages(result, theirPages)) {
    if (page.parent !== null && (await result.page(page.parent)) === undefined) {
      await conflict(id, 'parent');
    }
  }

  await mergeFiles(objects, base, ours, theirs, result, conflicts);
  await mergeVariables(base, ours, theirs, result, conflicts);
  await mergeReusableContents(objects, { base, ours, theirs, result }, bodies, conflicts);
  // A side may have removed a reusable content the other side's pages include.
  if (removesReusableContent(base, ours, theirs)) {
    const changedPages = new Set([...theirPages.keys(), ...ourPages.keys()]);
    for (const id of await pagesIncludingMissing(result, changedPages)) {
      await conflict(id, 'reusableContent');
    }
  }
  if (conflicts.length > 0) return { conflicts };
  return { root: result.rootHash() };
}

/** The pages `theirs` changed that are in the merged tree, to check their parents exist. */
async function placedPages(
  result: ContentTree,
  changed: Map<string, unknown>,
): Promise<[string, PageRecord][]> {
  const placed: [string, PageRecord][] = [];
  for (const id of changed.keys()) {
    const page = await result.page(id);
    if (page !== undefined) placed.push([id, page]);
  }
  return placed;
}

async function mergePage(
  before: PageRecord | undefined,
  mine: PageRecord | undefined,
  theirs: PageRecord,
  objects: ContentObjects,
  bodies: BodyConverter,
  {
    conflict,
    resolution,
  }: {
    conflict: (field: string) => Promise<void>;
    resolution: (field: string) => 'ours' | 'theirs' | undefined;
  },
): Promise<PageRecord | undefined> {
  // A page only one side has is taken as it is.
  if (before === undefined || mine === undefined) return theirs;
  const merged: PageRecord = { ...mine };
  let conflicted = false;
  for (const field of pageFields) {
    if (field === 'variables') {
      if (!(await mergePageVariables(before, mine, theirs, merged, resolution, conflict))) {
        conflicted = true;
      }
      continue;
    }
    const outcome = mergeValue(before[field], mine[field], theirs[field]);
    if ('value' in outcome) {
      Object.assign(merged, { [field]: outcome.value });
      continue;
    }
    if (field === 'documentId') {
      const body = await mergeBodies(objects, before, mine, theirs, bodies);
      if (body !== undefined) {
        merged.documentId = body;
        continue;
      }
    }
    const named = field === 'documentId' ? 'document' : field;
    const settled = resolution(named);
    if (settled !== undefined) {
      Object.assign(merged, { [field]: (settled === 'ours' ? mine : theirs)[field] });
      continue;
    }
    conflicted = true;
    await conflict(named);
  }
  // ISO timestamps sort as instants: the later edit's time.
  merged.updatedAt = [mine.updatedAt, theirs.updatedAt].sort()[1] ?? mine.updatedAt;
  return conflicted ? undefined : merged;
}

/**
 * Merges a page's own variables name by name into `merged`, as the space's merge: a name both
 * sides changed differently is a conflict, `variables.<name>`, unless resolved. Whether it merged.
 */
async function mergePageVariables(
  before: PageRecord,
  mine: PageRecord,
  theirs: PageRecord,
  merged: PageRecord,
  resolution: (field: string) => 'ours' | 'theirs' | undefined,
  conflict: (field: string) => Promise<void>,
): Promise<boolean> {
  const outcome = mergeTexts(before.variables ?? {}, mine.variables ?? {}, theirs.variables ?? {});
  let clean = true;
  for (const name of outcome.conflicts) {
    const field = `variables.${name}`;
    const side = resolution(field);
    if (side === undefined) {
      clean = false;
      await conflict(field);
      continue;
    }
    const value = (side === 'ours' ? mine : theirs).variables?.[name];
    if (value !== undefined) outcome.value[name] = value;
  }
  const names = Object.keys(outcome.value).sort();
  if (names.length === 0) delete merged.variables;
  else
    merged.variables = Object.fromEntries(names.map((name) => [name, outcome.value[name] ?? '']));
  return clean;
}

/** Merges two edits of a body line by line; `undefined` when they overlap. */
async function mergeBodies(
  objects: ContentObjects,
  before: PageRecord,
  mine: PageRecord,
  theirs: PageRecord,
  bodies: BodyConverter,
): Promise<string | undefined> {
  if (before.documentId === undefined || mine.documentId === undefined) return undefined;
  if (theirs.documentId === undefined) return undefined;
  return mergeBodyIds(objects, before.documentId, mine.documentId, theirs.documentId, bodies);
}

async function mergeFiles(
  objects: ContentObjects,
  base: ContentTree,
  ours: ContentTree,
  theirs: ContentTree,
  result: ContentTree,
  conflicts: MergeConflict[],
): Promise<void> {
  const fileOf = (value: unknown): FileRecord | undefined =>
    isFileRecord(value) ? value : undefined;
  const ourFiles = await mapDiff(objects, base.parts.files, ours.parts.files);
  for (const [id, change] of byKey(await mapDiff(objects, base.parts.files, theirs.parts.files))) {
    const mine = ourFiles.has(id) ? fileOf(ourFiles.get(id)?.after) : fileOf(change.before);
    const outcome = mergeValue(fileOf(change.before), mine, fileOf(change.after));
    if ('conflict' in outcome) conflicts.push({ file: id, field: 'file' });
    else if (outcome.value === undefined) await result.removeFile(id);
    else await result.putFile(outcome.value);
  }
}

async function mergeVariables(
  base: ContentTree,
  ours: ContentTree,
  theirs: ContentTree,
  result: ContentTree,
  conflicts: MergeConflict[],
): Promise<void> {
  if (base.parts.variables === theirs.parts.variables) return;
  const [before, mine, after] = await Promise.all([
    base.variables(),
    ours.variables(),
    theirs.variables(),
  ]);
  const merged = mergeTexts(before, mine, after);
  for (const name of merged.conflicts) conflicts.push({ field: `variables.${name}` });
  result.setVariables(merged.value);
}
