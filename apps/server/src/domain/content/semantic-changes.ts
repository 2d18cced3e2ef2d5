import { canonicalJson } from './canonical-json.js';
import type { ContentObjects } from './content-objects.js';
import { ContentTree, mapRoot } from './content-tree.js';
import {
  type FileRecord,
  isFileRecord,
  isPageRecord,
  isReusableContentRecord,
  type PageRecord,
  pageContentFields,
  type ReusableContentRecord,
} from './records.js';
import { mapDiff } from './tree/map-diff.js';

/** A page as a change names it. */
export interface ChangedPage {
  id: string;
  type: PageRecord['type'];
  title: string;
  path: string;
}

/** One change between two versions of content, in the words a reader would use. */
export type SemanticChange =
  | { type: 'page_created'; page: ChangedPage }
  | { type: 'page_deleted'; page: ChangedPage }
  | {
      type: 'page_edited';
      page: ChangedPage;
      attributes: Record<string, { before?: unknown; after?: unknown }>;
    }
  | { type: 'page_moved'; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  | { type: 'file_created'; file: FileRecord }
  | { type: 'file_edited'; file: FileRecord }
  | { type: 'file_deleted'; file: FileRecord }
  | { type: 'variables_edited'; variables: Record<string, { before?: string; after?: string }> }
  | { type: 'reusable_content_created'; reusableContent: ReusableContentRecord }
  | {
      type: 'reusable_content_edited';
      reusableContent: ReusableContentRecord;
      attributes: { title?: Edit; document?: Edit };
    }
  | { type: 'reusable_content_deleted'; reusableContent: ReusableContentRecord };

type Edit = { before?: string; after?: string };

/**
 * What changed from one version of content to another: pages created, deleted, edited (which
 * fields, and whether the body changed) and moved, files, variables. Computed from the two trees,
 * reading only the parts whose hashes differ.
 */
export async function semanticChanges(
  objects: ContentObjects,
  beforeRoot: string | null,
  afterRoot: string | null,
): Promise<SemanticChange[]> {
  if (beforeRoot === afterRoot) return [];
  const before = await ContentTree.open(objects, beforeRoot);
  const after = await ContentTree.open(objects, afterRoot);
  const describe = async (tree: ContentTree, page: PageRecord): Promise<ChangedPage> => ({
    id: page.id,
    type: page.type,
    title: page.title,
    path: await tree.pathOf(page),
  });
  const describeId = async (tree: ContentTree, id: string | null) => {
    const page = id === null ? undefined : await tree.page(id);
    return page === undefined ? undefined : describe(tree, page);
  };
  const changes: SemanticChange[] = [];
  const pages = await mapDiff(objects, before.parts.pages, after.parts.pages);
  for (const [, change] of [...pages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const old = isPageRecord(change.before) ? change.before : undefined;
    const next = isPageRecord(change.after) ? change.after : undefined;
    if (old === undefined && next !== undefined) {
      changes.push({ type: 'page_created', page: await describe(after, next) });
    } else if (old !== undefined && next === undefined) {
      changes.push({ type: 'page_deleted', page: await describe(before, old) });
    } else if (old !== undefined && next !== undefined) {
      const attributes: Record<string, { before?: unknown; after?: unknown }> = {};
      // The body is reported as `document`, by its id.
      for (const field of pageContentFields) {
        if (canonicalJson(old[field]) !== canonicalJson(next[field])) {
          attributes[field] = { before: old[field], after: next[field] };
        }
      }
      if (old.documentId !== next.documentId) {
        attributes.document = { before: old.documentId, after: next.documentId };
      }
      if (Object.keys(attributes).length > 0) {
        changes.push({ type: 'page_edited', page: await describe(after, next), attributes });
      }
      if (old.parent !== next.parent) {
        const [was, now] = [
          await describeId(before, old.parent),
          await describeId(after, next.parent),
        ];
        changes.push({
          type: 'page_moved',
          page: await describe(after, next),
          parent: {
            ...(was === undefined ? {} : { before: was }),
            ...(now === undefined ? {} : { after: now }),
          },
        });
      }
    }
  }
  const files = await mapDiff(objects, before.parts.files, after.parts.files);
  for (const [, change] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const old = isFileRecord(change.before) ? change.before : undefined;
    const next = isFileRecord(change.after) ? change.after : undefined;
    if (next !== undefined)
      changes.push({ type: old === undefined ? 'file_created' : 'file_edited', file: next });
    else if (old !== undefined) changes.push({ type: 'file_deleted', file: old });
  }
  if (before.parts.variables !== after.parts.variables) {
    const [was, now] = [await before.variables(), await after.variables()];
    const variables: Record<string, { before?: string; after?: string }> = {};
    for (const name of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (was[name] === now[name]) continue;
      variables[name] = {
        ...(was[name] === undefined ? {} : { before: was[name] }),
        ...(now[name] === undefined ? {} : { after: now[name] }),
      };
    }
    if (Object.keys(variables).length > 0) changes.push({ type: 'variables_edited', variables });
  }
  changes.push(...(await reusableContentChanges(objects, before, after)));
  return changes;
}

async function reusableContentChanges(
  objects: ContentObjects,
  before: ContentTree,
  after: ContentTree,
): Promise<SemanticChange[]> {
  const changes: SemanticChange[] = [];
  const diff = await mapDiff(
    objects,
    mapRoot(before.parts, 'reusableContents'),
    mapRoot(after.parts, 'reusableContents'),
  );
  for (const [, change] of [...diff].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const old = isReusableContentRecord(change.before) ? change.before : undefined;
    const next = isReusableContentRecord(change.after) ? change.after : undefined;
    if (old === undefined && next !== undefined) {
      changes.push({ type: 'reusable_content_created', reusableContent: next });
    } else if (old !== undefined && next === undefined) {
      changes.push({ type: 'reusable_content_deleted', reusableContent: old });
    } else if (old !== undefined && next !== undefined) {
      const attributes: { title?: Edit; document?: Edit } = {};
      if (old.title !== next.title) attributes.title = { before: old.title, after: next.title };
      if (old.documentId !== next.documentId) {
        attributes.document = { before: old.documentId, after: next.documentId };
      }
      if (Object.keys(attributes).length > 0) {
        changes.push({ type: 'reusable_content_edited', reusableContent: next, attributes });
      }
    }
  }
  return changes;
}
