import type { Kysely } from 'kysely';
import { conflict } from '../../errors.js';
import { newId } from '../../ids.js';
import {
  type ChangeRequestRecord,
  countChangeRequestStatus,
  findChangeRequest,
  markChangeRequestMerged,
} from '../../store/change-requests.js';
import { findRevision, insertRevision } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById, moveSpaceHead, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { ContentObjects } from '../content/content-objects.js';
import {
  type BodyConverter,
  type MergeConflict,
  mergeContent,
} from '../content/merge/merge-content.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { requireUnlockedSpace } from './content-writes.js';

/** What a merge or an update answers: the revision it made, or the conflicts that stopped it. */
export type MergeResult =
  | { revision: string; result: 'merge' | 'update' }
  | { revision: string; result: 'conflicts'; conflicts: MergeConflict[] };

/** The state a merge starts from, read fresh on every attempt. */
export interface MergeState {
  space: SpaceRecord;
  changeRequest: ChangeRequestRecord;
  /** Roots of the merge base, the space's head and the change request's head. */
  roots: { base: string | null; space: string | null; changeRequest: string | null };
}

// Another merge or edit moved a head while this one was computed; it starts again from them.
export class HeadMoved extends Error {}
export const mergeAttempts = 20;

/** Reads a change request, its space and the three roots of a merge, checking it may merge. */
export async function readMergeState(
  db: Kysely<Database>,
  spaceId: string,
  changeRequestId: string,
): Promise<MergeState> {
  const space = await findSpaceById(db, spaceId);
  const changeRequest = (await findChangeRequest(db, spaceId, changeRequestId))?.changeRequest;
  if (space === undefined || changeRequest === undefined) {
    throw conflict('The change request or its space is gone');
  }
  requireUnlockedSpace(space);
  if (changeRequest.status === 'merged' || changeRequest.status === 'archived') {
    throw conflict(`Change request #${changeRequest.number} is ${changeRequest.status}`);
  }
  const rootOf = async (revisionId: string) =>
    (await findRevision(db, spaceId, revisionId))?.root ?? null;
  return {
    space,
    changeRequest,
    roots: {
      base: await rootOf(changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial),
      space: await rootOf(space.revisionId),
      changeRequest: await rootOf(changeRequest.revisionId),
    },
  };
}

/**
 * Merges a change request into its space: a three-way merge of the merge base, the space's
 * head and the change request's head, computed outside any transaction; then, in one short
 * transaction, the merged objects, a `merge` revision, the space's head (compare-and-set) and
 * the change request marked merged. A head that moved meanwhile makes it start again on the new
 * one, so two merges into one space both land, or the second reports conflicts.
 */
export async function mergeChangeRequest(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  bodies: BodyConverter,
  now: Date,
): Promise<MergeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const state = await readMergeState(db, spaceId, changeRequestId);
    const objects = new ContentObjects(db);
    const outcome = await mergeContent(
      objects,
      { base: state.roots.base, ours: state.roots.space, theirs: state.roots.changeRequest },
      bodies,
    );
    if ('conflicts' in outcome) {
      return {
        revision: state.changeRequest.revisionId,
        result: 'conflicts',
        conflicts: outcome.conflicts,
      };
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const at = now.toISOString();
        const revision = newId();
        await objects.flush(trx);
        await insertRevision(trx, {
          id: revision,
          spaceId,
          parents: [state.space.revisionId, state.changeRequest.revisionId],
          type: 'merge',
          createdAt: at,
          root: outcome.root,
          authorId: actor.user.id,
          mergedFrom: state.changeRequest.id,
        });
        const { changeRequest } = state;
        if (
          !(await moveSpaceHead(trx, spaceId, state.space.revisionId, revision, at)) ||
          !(await markChangeRequestMerged(
            trx,
            changeRequest.id,
            changeRequest.revisionId,
            revision,
            at,
          ))
        ) {
          throw new HeadMoved();
        }
        await countChangeRequestStatus(trx, spaceId, changeRequest.status, 'merged');
        const event = changeRequestEvent('change_request.merged', state.space, changeRequest, {
          revision,
        });
        await recordEvent(trx, actor, event, now);
        return { revision, result: 'merge' as const };
      });
    } catch (error) {
      if (!(error instanceof HeadMoved) || attempt >= mergeAttempts) throw error;
    }
  }
}
