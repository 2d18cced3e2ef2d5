import type { Kysely } from 'kysely';
import { countChangeRequestStatus, markChangeRequestMerged } from '../../store/change-requests.js';
import type { Database } from '../../store/schema.js';
import { moveSpaceHead } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import type { BodyConverter } from '../content/merge/merge-content.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { type MergeDirection, type MergeResult, runMerge } from './run-merge.js';

// The space takes the change request's changes; the change request becomes merged.
const intoSpace = (actor: Actor): MergeDirection => ({
  type: 'merge',
  sides: ({ roots }) => ({ ours: roots.space, theirs: roots.changeRequest }),
  revision: ({ space, changeRequest }) => ({
    parents: [space.revisionId, changeRequest.revisionId],
    mergedFrom: changeRequest.id,
  }),
  async commit(trx, { space, changeRequest }, revision, now) {
    const at = now.toISOString();
    const moved =
      (await moveSpaceHead(trx, space.id, space.revisionId, revision, at)) &&
      (await markChangeRequestMerged(
        trx,
        changeRequest.id,
        changeRequest.revisionId,
        revision,
        at,
      ));
    if (!moved) return false;
    await countChangeRequestStatus(trx, space.id, changeRequest.status, 'merged');
    const event = changeRequestEvent('change_request.merged', space, changeRequest, { revision });
    await recordEvent(trx, actor, event, now);
    return true;
  },
});

/**
 * Merges a change request into its space: a `merge` revision of the space with the change
 * request's changes, and the change request marked merged (see {@link runMerge}).
 */
export function mergeChangeRequest(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  bodies: BodyConverter,
  now: Date,
): Promise<MergeResult> {
  return runMerge(db, actor, { spaceId, changeRequestId }, bodies, intoSpace(actor), now);
}
