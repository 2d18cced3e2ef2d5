import type { Kysely, Transaction } from 'kysely';
import { conflict, invalid } from '../../errors.js';
import { newId } from '../../ids.js';
import type { EventAction } from '../../model/event-actions.js';
import { type ChangeRequestRecord, findChangeRequest } from '../../store/change-requests.js';
import { findRevision, insertRevision } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { requireUnlockedSpace, requireUnmerged } from '../change-requests/content-writes.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent, spaceEvent } from '../events/space-events.js';
import type { ContentChangeInput, ContentChangeOutcome } from './change-inputs.js';
import { ContentObjects } from './content-objects.js';
import { ContentTree } from './content-tree.js';
import {
  type HeadMoveListeners,
  moveChangeRequestHeadWithListeners,
  moveSpaceHeadWithListeners,
} from './head-moves.js';
import { type BatchRefs, deletePage, insertPage, updatePage } from './page-edits.js';
import {
  type ContentWriteServices,
  type PreparedChange,
  prepareChanges,
} from './prepare-changes.js';
import type { FileRecord, ReusableContentRecord } from './records.js';
import {
  currentRecords,
  deleteReusableContent,
  insertReusableContent,
  type ReusableContentRefs,
  requireUnusedRemoved,
  resolveIncludes,
  updateReusableContent,
} from './reusable-content-edits.js';
import { revertPage } from './revert-page.js';

/**
 * What a batch did: the change request after it, one outcome per change, the new files and
 * reusable contents.
 */
export interface AppliedChanges {
  changeRequest: ChangeRequestRecord;
  outcomes: ContentChangeOutcome[];
  insertedFiles: FileRecord[];
  insertedReusableContents: ReusableContentRecord[];
}

// Another writer moved the head first; the batch is applied again on the new head.
class HeadMoved extends Error {}
const attempts = 20;

/** How a batch is written, beyond its changes. */
export interface ContentWriteOptions {
  /** Who wrote it besides its actor: the others typing in a page edited together. */
  coAuthorIds?: readonly string[];
  /**
   * The head the batch was made against: when the head moved since, nothing is written and the
   * batch is a 409, so a writer holding a whole page never overwrites a revision it has not seen.
   */
  onHead?: string;
}

/**
 * Applies a batch of changes to a change request as one new revision: all of them in order, or
 * none (the first invalid change is a 400 and nothing is written). Bodies are converted and
 * files stored before the transaction; inside it the batch is applied to the current head and
 * the head moves by compare-and-set, so concurrent batches never lose one another's edits.
 */
export async function applyContentChanges(
  db: Kysely<Database>,
  actor: Actor,
  changeRequest: ChangeRequestRecord,
  changes: readonly ContentChangeInput[],
  services: ContentWriteServices,
  now: Date,
  options: ContentWriteOptions = {},
): Promise<AppliedChanges> {
  const prepared = await prepareChanges(changes, services);
  const written = { actor, authorIds: authorIdsOf(actor, options), onHead: options.onHead };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db
        .transaction()
        .execute((trx) =>
          applyOnHead(trx, written, changeRequest, prepared, services.heads, now.toISOString()),
        );
    } catch (error) {
      if (!(error instanceof HeadMoved) || attempt >= attempts) throw error;
    }
  }
}

/** What a batch applied to a space's head did: the space's revision after it, one outcome per change. */
export interface AppliedSpaceChanges {
  revisionId: string;
  outcomes: ContentChangeOutcome[];
  insertedFiles: FileRecord[];
  insertedReusableContents: ReusableContentRecord[];
}

/**
 * Applies a batch of changes straight to a space's head, as one new `edits` revision of the
 * space: what imports and templates write. Same rules as {@link applyContentChanges}: prepared
 * outside the transaction, all or nothing, the head moved by compare-and-set (retried on the new
 * head when another writer moved it first), and `action` recorded in the same transaction.
 */
export async function applyContentChangesToSpace(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changes: readonly ContentChangeInput[],
  services: ContentWriteServices,
  action: Extract<
    EventAction,
    | 'space.content_imported'
    | 'space.template_applied'
    | 'space.content_translated'
    | 'space.content_updated'
  >,
  now: Date,
  payload: Record<string, unknown> = {},
  options: ContentWriteOptions = {},
): Promise<AppliedSpaceChanges> {
  const prepared = await prepareChanges(changes, services);
  const authorIds = authorIdsOf(actor, options);
  const at = now.toISOString();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const space = await findSpaceById(trx, spaceId);
        if (space === undefined || space.deletedAt !== null) throw conflict('The space is gone');
        requireUnlockedSpace(space);
        requireOnHead(space.revisionId, options.onHead);
        const head = await findRevision(trx, spaceId, space.revisionId);
        const objects = new ContentObjects(trx);
        const tree = await ContentTree.open(objects, head?.root ?? null, { batch: true });
        const applied = await applyToTree(tree, prepared, noRevisionToRevertTo, at);
        const root = tree.rootHash();
        if (root === (head?.root ?? null)) return { revisionId: space.revisionId, ...applied };
        await objects.flush(trx);
        const revisionId = newId();
        await insertRevision(trx, {
          id: revisionId,
          spaceId,
          parents: [space.revisionId],
          type: 'edits',
          createdAt: at,
          root,
          authorId: actor.user.id,
        });
        const move = { spaceId, from: space.revisionId, to: revisionId, at };
        if (!(await moveSpaceHeadWithListeners(trx, services.heads, move))) throw new HeadMoved();
        const event = spaceEvent(action, space, {
          ...payload,
          revision: revisionId,
          ...(authorIds === undefined ? {} : { authors: authorIds }),
        });
        await recordEvent(trx, actor, event, now);
        return { revisionId, ...applied };
      });
    } catch (error) {
      if (!(error instanceof HeadMoved) || attempt >= attempts) throw error;
    }
  }
}

/**
 * Opens the content of the revision a `revert_page` change reverts to (`undefined`: the default
 * one); throws a 400 naming `where` when there is none.
 */
type RevisionContent = (revisionId: string | undefined, where: string) => Promise<ContentTree>;

// Writes straight to a space's head (imports, templates) have no merge base to revert to.
const noRevisionToRevertTo: RevisionContent = async (_revisionId, where) => {
  throw invalid(`${where}: pages are reverted in change requests`);
};

/**
 * Applies prepared changes, in order, to a tree opened for a batch, and writes what it kept into
 * it; the first invalid change throws a 400.
 */
async function applyToTree(
  tree: ContentTree,
  prepared: readonly PreparedChange[],
  revisionContent: RevisionContent,
  now: string,
): Promise<Omit<AppliedChanges, 'changeRequest'>> {
  const refs: BatchRefs = new Map();
  const reusableRefs: ReusableContentRefs = new Map();
  // Removed reusable contents, with the change that removed each, checked unused at the end.
  const removed = new Map<string, string>();
  const outcomes: ContentChangeOutcome[] = [];
  const insertedFiles: FileRecord[] = [];
  const insertedReusableContents: ReusableContentRecord[] = [];

  for (const [index, item] of prepared.entries()) {
    const where = `body.changes.${index}`;
    if ('files' in item) {
      const files = item.files.map((file) => ({ id: newId(), ...file }));
      for (const file of files) await tree.putFile(file);
      insertedFiles.push(...files);
      outcomes.push({ object: 'inserted_files', fileIds: files.map((file) => file.id) });
      continue;
    }
    const { change } = item;
    // A page body's includes are resolved to reusable contents of the content, by id.
    const body =
      item.body !== undefined &&
      (change.operation === 'insert_page' || change.operation === 'update_page')
        ? await resolveIncludes(tree, reusableRefs, item.body, `${where}.document`)
        : item.body;
    switch (change.operation) {
      case 'insert_page': {
        const pageId = await insertPage(tree, refs, change, body, where, now);
        outcomes.push({
          object: 'created_page',
          pageId,
          ...(change.ref === undefined ? {} : { ref: change.ref }),
        });
        break;
      }
      case 'update_page':
        outcomes.push({
          object: 'updated_page',
          pageId: await updatePage(tree, refs, change, body, where, now),
        });
        break;
      case 'delete_page':
        outcomes.push({
          object: 'deleted_page',
          pageId: await deletePage(tree, refs, change.page, where),
        });
        break;
      case 'revert_page': {
        const target = await revisionContent(change.revision, `${where}.revision`);
        const revert = { page: change.page, block: change.block, target };
        outcomes.push(await revertPage(tree, refs, revert, where, now));
        break;
      }
      case 'update_variables':
        tree.setVariables(change.variables);
        outcomes.push({ object: 'updated_variables' });
        break;
      case 'insert_reusable_content': {
        const record = await insertReusableContent(tree, reusableRefs, change, body, where);
        insertedReusableContents.push(record);
        outcomes.push({
          object: 'created_reusable_content',
          reusableContent: record,
          ...(change.ref === undefined ? {} : { ref: change.ref }),
        });
        break;
      }
      case 'update_reusable_content':
        outcomes.push({
          object: 'updated_reusable_content',
          reusableContent: await updateReusableContent(tree, reusableRefs, change, body, where),
        });
        break;
      case 'delete_reusable_content': {
        const id = await deleteReusableContent(tree, reusableRefs, change.reusableContent, where);
        removed.set(id, where);
        outcomes.push({ object: 'deleted_reusable_content', reusableContentId: id });
        break;
      }
    }
  }
  await tree.settle();
  await requireUnusedRemoved(tree, removed);
  // One deleted later in the batch is not among what it added.
  const insertedNow = await currentRecords(tree, insertedReusableContents);
  return { outcomes, insertedFiles, insertedReusableContents: insertedNow };
}

/** Throws 409 when the head is not the one the batch was made against. */
function requireOnHead(head: string, expected: string | undefined): void {
  if (expected !== undefined && head !== expected) {
    throw conflict(`The content moved on from revision ${expected} to ${head}`);
  }
}

/** Every author of a batch, the actor first; `undefined` when the actor wrote it alone. */
function authorIdsOf(
  actor: Actor,
  { coAuthorIds = [] }: ContentWriteOptions,
): string[] | undefined {
  const others = coAuthorIds.filter((id) => id !== actor.user.id);
  return others.length === 0 ? undefined : [actor.user.id, ...new Set(others)];
}

async function applyOnHead(
  trx: Transaction<Database>,
  {
    actor,
    authorIds,
    onHead,
  }: { actor: Actor; authorIds: string[] | undefined; onHead: string | undefined },
  { spaceId, id }: ChangeRequestRecord,
  prepared: readonly PreparedChange[],
  listeners: HeadMoveListeners,
  now: string,
): Promise<AppliedChanges> {
  const space = await findSpaceById(trx, spaceId);
  const current = (await findChangeRequest(trx, spaceId, id))?.changeRequest;
  if (space === undefined || current === undefined) throw conflict('The change request is gone');
  requireUnlockedSpace(space);
  requireUnmerged(current);
  requireOnHead(current.revisionId, onHead);
  const head = await findRevision(trx, spaceId, current.revisionId);
  const objects = new ContentObjects(trx);
  const tree = await ContentTree.open(objects, head?.root ?? null, { batch: true });
  const revisionContent: RevisionContent = async (revisionId, where) => {
    const id = revisionId ?? current.revisionMergedAncestor ?? current.revisionInitial;
    const revision = await findRevision(trx, spaceId, id);
    if (revision === undefined) throw invalid(`${where}: there is no revision ${id} in the space`);
    return ContentTree.open(objects, revision.root ?? null);
  };
  const applied = await applyToTree(tree, prepared, revisionContent, now);

  const root = tree.rootHash();
  // Nothing changed: no revision, and no object written.
  if (root === (head?.root ?? null)) return { changeRequest: current, ...applied };
  await objects.flush(trx);
  const revisionId = newId();
  await insertRevision(trx, {
    id: revisionId,
    spaceId,
    parents: [current.revisionId],
    type: 'edits',
    createdAt: now,
    root,
    authorId: actor.user.id,
  });
  const move = { spaceId, changeRequestId: id, from: current.revisionId, to: revisionId, at: now };
  if (!(await moveChangeRequestHeadWithListeners(trx, listeners, move))) throw new HeadMoved();
  const payload = {
    revision: revisionId,
    changes: applied.outcomes.map((outcome) => outcome.object),
    ...(authorIds === undefined ? {} : { authors: authorIds }),
  };
  await recordEvent(
    trx,
    actor,
    changeRequestEvent('change_request.content_updated', space, current, payload),
    new Date(now),
  );
  return {
    changeRequest: { ...current, revisionId, updatedAt: now },
    ...applied,
  };
}
