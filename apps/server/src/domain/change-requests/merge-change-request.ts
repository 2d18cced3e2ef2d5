import type { Kysely } from 'kysely';
import { conflict } from '../../errors.js';
import { countChangeRequestStatus, markChangeRequestMerged } from '../../store/change-requests.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { type HeadMoveListeners, moveSpaceHeadWithListeners } from '../content/head-moves.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { unmetMergeRulesFor } from './merge-readiness.js';
import {
  type MergeDirection,
  type MergeResult,
  type MergeServices,
  runMerge,
} from './run-merge.js';

// The space takes the change request's changes; the change request becomes merged. The merge
// rules are checked on the state each attempt starts from; the head compare-and-set at commit
// makes sure the reviewed content is the content merged.
const intoSpace = (actor: Actor, listeners: HeadMoveListeners, now: Date): MergeDirection => ({
  type: 'merge',
  async admit(db, { space, changeRequest }) {
    const unmet = await unmetMergeRulesFor(db, space, changeRequest, actor.user.id);
    if (unmet.length === 0) return;
    const rules = unmet.map((rule) => rule.rule);
    await db
      .transaction()
      .execute((trx) =>
        recordEvent(
          trx,
          actor,
          changeRequestEvent('change_request.merge_refused', space, changeRequest, { rules }),
          now,
        ),
      );
    const reasons = unmet.map((rule) => `${rule.rule}: ${rule.message}`).join('; ');
    throw conflict(
      `The merge rules refuse to merge change request #${changeRequest.number} yet (${reasons})`,
    );
  },
  sides: ({ roots }) => ({ ours: roots.space, theirs: roots.changeRequest }),
  revision: ({ space, changeRequest }) => ({
    parents: [space.revisionId, changeRequest.revisionId],
    mergedFrom: changeRequest.id,
  }),
  async commit(trx, { space, changeRequest }, revision, now) {
    const at = now.toISOString();
    const moved =
      (await moveSpaceHeadWithListeners(trx, listeners, {
        spaceId: space.id,
        from: space.revisionId,
        to: revision,
        at,
      })) &&
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
  services: MergeServices,
  now: Date,
): Promise<MergeResult> {
  const direction = intoSpace(actor, services.heads, now);
  return runMerge(db, actor, { spaceId, changeRequestId }, services.bodies, direction, now);
}
