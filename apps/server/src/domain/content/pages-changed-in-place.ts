import type { ContentTree } from './content-tree.js';
import { isPageRecord, type PageRecord } from './records.js';
import { mapDiff } from './tree/map-diff.js';

/** A page that changed where it stood: its path, and the ids of the pages above it from the top. */
export interface PageChangedInPlace {
  page: PageRecord;
  path: string;
  ancestors: string[];
}

/** Beyond this many changed pages, reading the tree whole costs about as much. */
const MOST_CHANGES = 64;

/**
 * The pages that changed from `before` to `after` without anything moving: each one under the
 * same parent, with the same slug, type and children, no page added or removed, the top level
 * as it was. Every path and every other page of the tree is then as it was, so a tree read for
 * `before` becomes the tree of `after` by putting these pages in. `undefined` when anything
 * moved, or too much changed. Reads only the branches of the pages map that differ (`mapDiff`).
 * @example const changed = await pagesChangedInPlace(parentTree, tree);
 */
export async function pagesChangedInPlace(
  before: ContentTree,
  after: ContentTree,
): Promise<PageChangedInPlace[] | undefined> {
  if (before.parts.top !== after.parts.top) return undefined;
  const changes = await mapDiff(after.objects, before.parts.pages, after.parts.pages);
  if (changes.size > MOST_CHANGES) return undefined;
  const changed: PageChangedInPlace[] = [];
  for (const { before: was, after: is } of changes.values()) {
    if (!isPageRecord(was) || !isPageRecord(is)) return undefined;
    if (
      was.parent !== is.parent ||
      was.slug !== is.slug ||
      was.type !== is.type ||
      was.children !== is.children
    ) {
      return undefined;
    }
    const above = await ancestorsOf(after, is);
    if (above === undefined) return undefined;
    changed.push({
      page: is,
      path: [...above.map((page) => page.slug), is.slug].join('/'),
      ancestors: above.map((page) => page.id),
    });
  }
  return changed;
}

/** The pages above a page, from the top; `undefined` when a parent is missing. */
async function ancestorsOf(tree: ContentTree, page: PageRecord): Promise<PageRecord[] | undefined> {
  const above: PageRecord[] = [];
  for (let parentId = page.parent; parentId !== null; ) {
    const parent = await tree.page(parentId);
    if (parent === undefined || above.some((kept) => kept.id === parentId)) return undefined;
    above.unshift(parent);
    parentId = parent.parent;
  }
  return above;
}
