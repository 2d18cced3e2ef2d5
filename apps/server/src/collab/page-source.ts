import type { GitBookDocument } from '@quire/document';
import { ContentObjects } from '../domain/content/content-objects.js';
import { ContentTree } from '../domain/content/content-tree.js';
import { readBody } from '../domain/content/read-content.js';
import { presentDocument } from '../presenters/json-document.js';
import { findChangeRequest } from '../store/change-requests.js';
import { findRevision } from '../store/revisions.js';
import type { Executor } from '../store/schema.js';
import { findSpaceById } from '../store/spaces.js';
import type { CollabTarget } from './document-names.js';

/** The revision a target's page is read from now: its change request's head, or the space's. */
export async function headOf(db: Executor, target: CollabTarget): Promise<string | undefined> {
  if (target.changeRequestId === null) {
    const space = await findSpaceById(db, target.spaceId);
    return space === undefined || space.deletedAt !== null ? undefined : space.revisionId;
  }
  const found = await findChangeRequest(db, target.spaceId, target.changeRequestId);
  return found?.changeRequest.revisionId;
}

/**
 * A page's body at a revision, as GitBook's document; `undefined` when the revision has no such
 * page, or the page is a group or a link (no body to write in).
 */
export async function pageDocumentAt(
  db: Executor,
  spaceId: string,
  revisionId: string,
  pageId: string,
): Promise<GitBookDocument | undefined> {
  const revision = await findRevision(db, spaceId, revisionId);
  if (revision === undefined) return undefined;
  const objects = new ContentObjects(db);
  const tree = await ContentTree.open(objects, revision.root ?? null);
  const page = await tree.page(pageId);
  if (page?.type !== 'document' || page.documentId === undefined) return undefined;
  return presentDocument(await readBody(objects, page.documentId));
}
