import { findRevision } from '../../store/revisions.js';
import type { Executor } from '../../store/schema.js';
import { ContentObjects } from '../content/content-objects.js';
import { ContentTree } from '../content/content-tree.js';
import { semanticChanges } from '../content/semantic-changes.js';

/** The pages and files whose indexed state a change from one root to another alters. */
export interface ChangedContent {
  /** The content after the change. */
  after: ContentTree;
  /** Pages to index again: created, edited, moved, and those under a page whose path changed. */
  pages: string[];
  /** Pages gone. */
  deletedPages: string[];
  files: { put: { id: string; name: string }[]; deleted: { id: string; name: string }[] };
}

/**
 * What changed between two roots, read from their diff (see `semanticChanges`): the cost
 * follows the pages that changed, and the pages under a moved or renamed one, never the
 * space's size.
 */
export async function changedContent(
  objects: ContentObjects,
  beforeRoot: string | null,
  afterRoot: string | null,
): Promise<ChangedContent> {
  const after = await ContentTree.open(objects, afterRoot);
  const pages = new Set<string>();
  const deletedPages: string[] = [];
  const movedPages: string[] = [];
  const files: ChangedContent['files'] = { put: [], deleted: [] };
  for (const change of await semanticChanges(objects, beforeRoot, afterRoot)) {
    switch (change.type) {
      case 'page_created':
        pages.add(change.page.id);
        break;
      case 'page_edited':
        pages.add(change.page.id);
        if ('slug' in change.attributes) movedPages.push(change.page.id);
        break;
      case 'page_moved':
        pages.add(change.page.id);
        movedPages.push(change.page.id);
        break;
      case 'page_deleted':
        deletedPages.push(change.page.id);
        break;
      case 'file_created':
      case 'file_edited':
        files.put.push({ id: change.file.id, name: change.file.name });
        break;
      case 'file_deleted':
        files.deleted.push({ id: change.file.id, name: change.file.name });
        break;
      case 'variables_edited':
        break;
    }
  }
  // A new path for a page is a new path for every page under it.
  const pending = [...movedPages];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const child of await after.childIds(id)) {
      if (!pages.has(child)) pending.push(child);
      pages.add(child);
    }
  }
  return { after, pages: [...pages], deletedPages, files };
}

/** What changed in a space between two of its revisions (`from` `null`: from nothing). */
export async function changedBetweenRevisions(
  db: Executor,
  spaceId: string,
  from: string | null,
  to: string,
): Promise<ChangedContent> {
  const rootOf = async (revisionId: string | null) =>
    revisionId === null ? null : ((await findRevision(db, spaceId, revisionId))?.root ?? null);
  return changedContent(new ContentObjects(db), await rootOf(from), await rootOf(to));
}
