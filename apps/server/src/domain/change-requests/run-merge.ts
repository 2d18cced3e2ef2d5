import type { Kysely, Transaction } from 'kysely';
import { conflict } from '../../errors.js';
import { newId } from '../../ids.js';
import { type ChangeRequestRecord, findChangeRequest } from '../../store/change-requests.js';
import { findRevision, insertRevision, type RevisionType } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { ContentObjects } from '../content/content-objects.js';
import type { HeadMoveListeners } from '../content/head-moves.js';
import {
  type BodyConverter,
  type MergeConflict,
  type MergeResolutions,
  mergeContent,
} from '../content/merge/merge-content.js';
import { requireUnlockedSpace } from './content-writes.js';

/** What a merge or an update answers: the revision it made, or the conflicts that stopped it. */
export type MergeResult =
  | { revision: string; result: 'merge' | 'update' }
  | { revision: string; result: 'conflicts'; conflicts: MergeConflict[] };

/** What a merge needs besides the database: body conversions, and what follows the heads it moves. */
export interface MergeServices {
  bodies: BodyConverter;
  heads: HeadMoveListeners;
}

/** The state a merge starts from, read fresh on every attempt. */
export interface MergeState {
  space: SpaceRecord;
  changeRequest: ChangeRequestRecord;
  /** Roots of the merge base, the space's head and the change request's head. */
  roots: { base: string | null; space: string | null; changeRequest: string | null };
}

/** One way of merging a change request and its space: which side takes the other's changes. */
export interface MergeDirection {
  /** The kind of revision it writes, and the result it answers. */
  type: Extract<RevisionType, 'merge' | 'update'>;
  /** Which root takes the changes (`ours`) of which (`theirs`). */
  sides(state: MergeState): { ours: string | null; theirs: string | null };
  /** Throws when the merge may not go ahead from `state` (checked on every attempt). */
  admit?(db: Kysely<Database>, state: MergeState): Promise<void>;
  /** How conflicting page fields are settled, if the caller said. */
  resolutions?: MergeResolutions;
  /** The answer when there is nothing to merge, if so. */
  nothingToDo?(state: MergeState): MergeResult | undefined;
  /** The revision's parents, and the change request it merges, if any. */
  revision(state: MergeState): { parents: string[]; mergedFrom?: string };
  /**
   * Moves the heads to the new revision and records the event, in the commit's transaction;
   * false when a head moved since `state` was read.
   */
  commit(
    trx: Transaction<Database>,
    state: MergeState,
    revision: string,
    now: Date,
  ): Promise<boolean>;
}

// Another merge or edit moved a head while this one was computed; it starts again from them.
class HeadMoved extends Error {}
const attempts = 20;

async function readMergeState(
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
 * Runs a three-way merge between a change request and its space in `direction`: computed outside
 * any transaction from freshly read heads; then, in one short transaction, the merged objects,
 * the new revision, and the heads moved by compare-and-set. A head that moved meanwhile makes it
 * start again on the new one, so concurrent merges never lose an edit: they land one on the
 * other, or the later one reports conflicts.
 */
export async function runMerge(
  db: Kysely<Database>,
  actor: Actor,
  { spaceId, changeRequestId }: { spaceId: string; changeRequestId: string },
  bodies: BodyConverter,
  direction: MergeDirection,
  now: Date,
): Promise<MergeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const state = await readMergeState(db, spaceId, changeRequestId);
    await direction.admit?.(db, state);
    const done = direction.nothingToDo?.(state);
    if (done !== undefined) return done;
    const objects = new ContentObjects(db);
    const outcome = await mergeContent(
      objects,
      { base: state.roots.base, ...direction.sides(state) },
      bodies,
      direction.resolutions,
    );
    if ('conflicts' in outcome) {
      const { revisionId } = state.changeRequest;
      return { revision: revisionId, result: 'conflicts', conflicts: outcome.conflicts };
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const revision = newId();
        await objects.flush(trx);
        await insertRevision(trx, {
          id: revision,
          spaceId,
          type: direction.type,
          createdAt: now.toISOString(),
          root: outcome.root,
          authorId: actor.user.id,
          ...direction.revision(state),
        });
        if (!(await direction.commit(trx, state, revision, now))) throw new HeadMoved();
        return { revision, result: direction.type };
      });
    } catch (error) {
      if (!(error instanceof HeadMoved) || attempt >= attempts) throw error;
    }
  }
}
