import type { Kysely } from 'kysely';
import { moveChangeRequestHeadAfterUpdate } from '../../store/change-requests.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import type { BodyConverter } from '../content/merge/merge-content.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { type MergeDirection, type MergeResult, runMerge } from './run-merge.js';

// The change request takes what landed in the space; its merge base becomes the space's head.
const fromSpace = (actor: Actor): MergeDirection => ({
  type: 'update',
  sides: ({ roots }) => ({ ours: roots.changeRequest, theirs: roots.space }),
  nothingToDo: ({ space, changeRequest }) =>
    space.revisionId === (changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial)
      ? { revision: changeRequest.revisionId, result: 'update' }
      : undefined,
  revision: ({ space, changeRequest }) => ({
    parents: [changeRequest.revisionId, space.revisionId],
  }),
  async commit(trx, { space, changeRequest }, revision, now) {
    const moved = await moveChangeRequestHeadAfterUpdate(
      trx,
      changeRequest.id,
      changeRequest.revisionId,
      revision,
      space.revisionId,
      now.toISOString(),
    );
    if (!moved) return false;
    const event = changeRequestEvent('change_request.updated_from_space', space, changeRequest, {
      revision,
      from: space.revisionId,
    });
    await recordEvent(trx, actor, event, now);
    return true;
  },
});

/**
 * Brings what landed in the space since the change request's merge base into the change
 * request, as an `update` revision of it (see {@link runMerge}). Nothing new in the space: the
 * change request stays as it is.
 */
export function updateChangeRequestFromSpace(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  bodies: BodyConverter,
  now: Date,
): Promise<MergeResult> {
  return runMerge(db, actor, { spaceId, changeRequestId }, bodies, fromSpace(actor), now);
}
