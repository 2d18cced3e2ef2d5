import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import {
  type HeadMoveListeners,
  moveChangeRequestHeadWithListeners,
} from '../content/head-moves.js';
import { resolutionKey } from '../content/merge/merge-content.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import {
  type MergeDirection,
  type MergeResult,
  type MergeServices,
  runMerge,
} from './run-merge.js';

// The change request takes what landed in the space; its merge base becomes the space's head.
const fromSpace = (
  actor: Actor,
  listeners: HeadMoveListeners,
  resolutions: readonly ConflictResolution[],
): MergeDirection => ({
  type: 'update',
  // The change request is `ours`, the space `theirs`.
  resolutions: new Map(
    resolutions.map(({ page, field, keep }) => [
      resolutionKey(page, field),
      keep === 'change-request' ? 'ours' : 'theirs',
    ]),
  ),
  sides: ({ roots }) => ({ ours: roots.changeRequest, theirs: roots.space }),
  nothingToDo: ({ space, changeRequest }) =>
    space.revisionId === (changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial)
      ? { revision: changeRequest.revisionId, result: 'update' }
      : undefined,
  revision: ({ space, changeRequest }) => ({
    parents: [changeRequest.revisionId, space.revisionId],
  }),
  async commit(trx, { space, changeRequest }, revision, now) {
    const moved = await moveChangeRequestHeadWithListeners(trx, listeners, {
      spaceId: space.id,
      changeRequestId: changeRequest.id,
      from: changeRequest.revisionId,
      to: revision,
      mergedAncestor: space.revisionId,
      at: now.toISOString(),
    });
    if (!moved) return false;
    const event = changeRequestEvent('change_request.updated_from_space', space, changeRequest, {
      revision,
      from: space.revisionId,
    });
    await recordEvent(trx, actor, event, now);
    return true;
  },
});

/** Which side a page field both sides changed keeps. */
export interface ConflictResolution {
  page: string;
  field: string;
  keep: 'change-request' | 'space';
}

/**
 * Brings what landed in the space since the change request's merge base into the change
 * request, as an `update` revision of it (see {@link runMerge}). Nothing new in the space: the
 * change request stays as it is. A page field both sides changed is a conflict, unless
 * `resolutions` says which side it keeps.
 */
export function updateChangeRequestFromSpace(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  services: MergeServices,
  now: Date,
  resolutions: readonly ConflictResolution[] = [],
): Promise<MergeResult> {
  const direction = fromSpace(actor, services.heads, resolutions);
  return runMerge(db, actor, { spaceId, changeRequestId }, services.bodies, direction, now);
}
