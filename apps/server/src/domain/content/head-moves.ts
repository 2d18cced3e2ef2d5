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
 * What moves with a head, in the move's transaction (the search and link indexes). The app
 * makes one and hands it to every domain operation that moves a head, so whoever moves one (a
 * merge, an edit, an import, a template, a duplicate) keeps what follows it current, and two
 * apps in one process each keep their own.
 */
export interface HeadFollowers {
  spaceHeadMoved(db: Executor, move: SpaceHeadMove): Promise<void>;
  changeRequestHeadMoved(db: Executor, move: ChangeRequestHeadMove): Promise<void>;
}

/**
 * Moves a space's head from `from` to `to` by compare-and-set, and its followers with it:
 * false, changing nothing, when another writer moved it first.
 */
export async function moveSpaceHeadFollowed(
  trx: Executor,
  followers: HeadFollowers,
  move: SpaceHeadMove & { from: string; at: string },
): Promise<boolean> {
  if (!(await moveSpaceHead(trx, move.spaceId, move.from, move.to, move.at))) return false;
  await followers.spaceHeadMoved(trx, move);
  return true;
}

/**
 * Moves a change request's head from `from` to `to` by compare-and-set, and its followers with
 * it; after an update from the space, `mergedAncestor` is the space revision it now includes.
 * False, changing nothing, when another writer moved the head first.
 */
export async function moveChangeRequestHeadFollowed(
  trx: Executor,
  followers: HeadFollowers,
  move: ChangeRequestHeadMove & { at: string; mergedAncestor?: string },
): Promise<boolean> {
  const { changeRequestId: id, from, to, at, mergedAncestor } = move;
  const moved =
    mergedAncestor === undefined
      ? await moveChangeRequestHead(trx, id, from, to, at)
      : await moveChangeRequestHeadAfterUpdate(trx, id, from, to, mergedAncestor, at);
  if (!moved) return false;
  await followers.changeRequestHeadMoved(trx, move);
  return true;
}
