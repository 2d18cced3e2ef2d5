import {
  moveChangeRequestHead,
  moveChangeRequestHeadAfterUpdate,
} from '../../store/change-requests.js';
import type { Executor } from '../../store/schema.js';
import { moveSpaceHead } from '../../store/spaces.js';

/** A move of a space's head revision; `from` is `null` for a space's first revision. */
export interface SpaceHeadMove {
  spaceId: string;
  from: string | null;
  to: string;
}

/** A move of a change request's head revision. */
export interface ChangeRequestHeadMove {
  spaceId: string;
  changeRequestId: string;
  from: string;
  to: string;
}

/**
 * What moves with a head, in the move's transaction. The app composes one from its list of
 * {@link HeadMoveListener}s and hands it to every domain operation that moves a head, so whoever
 * moves one (a merge, an edit, an import, a template, a duplicate) keeps what follows it
 * current, and two apps in one process each keep their own.
 */
export interface HeadMoveListeners {
  spaceHeadMoved(db: Executor, move: SpaceHeadMove): Promise<void>;
  changeRequestHeadMoved(db: Executor, move: ChangeRequestHeadMove): Promise<void>;
}

/**
 * One thing that must move with a head in the writer's transaction: an index kept current, or
 * the job that carries the move elsewhere queued exactly when the move commits.
 */
export interface HeadMoveListener {
  /** What it keeps current, for a reader of the composition. */
  name: string;
  spaceHeadMoved?(db: Executor, move: SpaceHeadMove): Promise<void>;
  changeRequestHeadMoved?(db: Executor, move: ChangeRequestHeadMove): Promise<void>;
}

/**
 * The listeners as one, each told of every move in the order listed.
 * @example listenToHeadMoves([searchAndLinkIndexes(options), translationRuns(clock)]);
 */
export function listenToHeadMoves(listeners: readonly HeadMoveListener[]): HeadMoveListeners {
  return {
    async spaceHeadMoved(db, move) {
      for (const listener of listeners) await listener.spaceHeadMoved?.(db, move);
    },
    async changeRequestHeadMoved(db, move) {
      for (const listener of listeners) await listener.changeRequestHeadMoved?.(db, move);
    },
  };
}

/**
 * Moves a space's head from `from` to `to` by compare-and-set, and its listeners told:
 * false, changing nothing, when another writer moved it first.
 */
export async function moveSpaceHeadWithListeners(
  trx: Executor,
  listeners: HeadMoveListeners,
  move: SpaceHeadMove & { from: string; at: string },
): Promise<boolean> {
  if (!(await moveSpaceHead(trx, move.spaceId, move.from, move.to, move.at))) return false;
  await listeners.spaceHeadMoved(trx, move);
  return true;
}

/**
 * Moves a change request's head from `from` to `to` by compare-and-set, and its listeners with
 * it; after an update from the space, `mergedAncestor` is the space revision it now includes.
 * False, changing nothing, when another writer moved the head first.
 */
export async function moveChangeRequestHeadWithListeners(
  trx: Executor,
  listeners: HeadMoveListeners,
  move: ChangeRequestHeadMove & { at: string; mergedAncestor?: string },
): Promise<boolean> {
  const { changeRequestId: id, from, to, at, mergedAncestor } = move;
  const moved =
    mergedAncestor === undefined
      ? await moveChangeRequestHead(trx, id, from, to, at)
      : await moveChangeRequestHeadAfterUpdate(trx, id, from, to, mergedAncestor, at);
  if (!moved) return false;
  await listeners.changeRequestHeadMoved(trx, move);
  return true;
}
