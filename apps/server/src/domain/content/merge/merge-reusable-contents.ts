import type { Document } from '@quire/document';
import { reusableContentRefs } from '@quire/document';
import type { ContentObjects } from '../content-objects.js';
import { type ContentTree, mapRoot } from '../content-tree.js';
import { documentObject } from '../document-objects.js';
import { readBody } from '../read-content.js';
import { isReusableContentRecord, type ReusableContentRecord } from '../records.js';
import { mapDiff } from '../tree/map-diff.js';
import type { MergeConflict } from './merge-content.js';
import { mergeSequence, mergeValue } from './three-way.js';

/** Converts bodies for line-by-line merges. */
export interface BodyConverter {
  toMarkdown(document: Document): Promise<string>;
  fromMarkdown(markdown: string): Promise<{ document: Document }>;
}

const byKey = <T>(entries: Iterable<[string, T]>) =>
  [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Merges two edits of a body, by their document ids, line by line; `undefined` when they overlap. */
export async function mergeBodyIds(
  objects: ContentObjects,
  before: string,
  mine: string,
  theirs: string,
  bodies: BodyConverter,
): Promise<string | undefined> {
  const lines = async (documentId: string) =>
    (await bodies.toMarkdown(await readBody(objects, documentId))).split('\n');
  const merged = mergeSequence(await lines(before), await lines(mine), await lines(theirs));
  if ('conflict' in merged) return undefined;
  const { document } = await bodies.fromMarkdown(merged.value.join('\n'));
  return objects.put(documentObject(document));
}

/**
 * Merges reusable contents like pages: each one field by field (title, body), bodies both sides
 * edited line by line; one removed on a side and changed on the other is a conflict.
 */
export async function mergeReusableContents(
  objects: ContentObjects,
  trees: { base: ContentTree; ours: ContentTree; theirs: ContentTree; result: ContentTree },
  bodies: BodyConverter,
  conflicts: MergeConflict[],
): Promise<void> {
  const { base, ours, theirs, result } = trees;
  const recordOf = (value: unknown): ReusableContentRecord | undefined =>
    isReusableContentRecord(value) ? value : undefined;
  const rootOf = (tree: ContentTree) => mapRoot(tree.parts, 'reusableContents');
  const theirChanges = await mapDiff(objects, rootOf(base), rootOf(theirs));
  if (theirChanges.size === 0) return;
  const ourChanges = await mapDiff(objects, rootOf(base), rootOf(ours));
  for (const [id, change] of byKey(theirChanges)) {
    const before = recordOf(change.before);
    const after = recordOf(change.after);
    const ourChange = ourChanges.get(id);
    const mine = ourChange === undefined ? before : recordOf(ourChange.after);
    const conflict = () => conflicts.push({ reusableContent: id, field: 'reusableContent' });
    if (after === undefined) {
      if (ourChange !== undefined && mine !== undefined) conflict();
      else if (mine !== undefined) await result.removeReusableContent(id);
      continue;
    }
    if (before === undefined || mine === undefined) {
      if (before !== undefined) conflict();
      else await result.putReusableContent(after);
      continue;
    }
    const title = mergeValue(before.title, mine.title, after.title);
    if ('conflict' in title) conflicts.push({ reusableContent: id, field: 'title' });
    let documentId = mergeValue(before.documentId, mine.documentId, after.documentId);
    if ('conflict' in documentId) {
      const merged = await mergeBodyIds(
        objects,
        before.documentId,
        mine.documentId,
        after.documentId,
        bodies,
      );
      if (merged === undefined) conflicts.push({ reusableContent: id, field: 'document' });
      else documentId = { value: merged };
    }
    if ('value' in title && 'value' in documentId && title.value !== undefined) {
      await result.putReusableContent({
        id,
        title: title.value,
        documentId: documentId.value ?? mine.documentId,
      });
    }
  }
}

/**
 * The pages among `ids` whose body, once merged, includes a reusable content the merged content
 * no longer has (one side removed it while the other included it in a page).
 */
export async function pagesIncludingMissing(
  result: ContentTree,
  ids: Iterable<string>,
): Promise<string[]> {
  const missing: string[] = [];
  for (const id of ids) {
    const page = await result.page(id);
    if (page?.documentId === undefined) continue;
    for (const reference of reusableContentRefs(await readBody(result.objects, page.documentId))) {
      if ((await result.reusableContent(reference)) === undefined) {
        missing.push(id);
        break;
      }
    }
  }
  return missing;
}

/** Whether either side removed a reusable content the base had. */
export function removesReusableContent(
  base: ContentTree,
  ours: ContentTree,
  theirs: ContentTree,
): boolean {
  const before = mapRoot(base.parts, 'reusableContents');
  if (before === null) return false;
  return (
    mapRoot(ours.parts, 'reusableContents') !== before ||
    mapRoot(theirs.parts, 'reusableContents') !== before
  );
}
