import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import {
  type ChangeRequestRecord,
  countChangeRequestStatus,
  insertChangeRequest,
  takeChangeRequestNumber,
} from '../../store/change-requests.js';
import type { Database } from '../../store/schema.js';
import { findSpaceById, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { requireUnlockedSpace } from './content-writes.js';

/**
 * Opens a change request on the space's current revision (or on `base`, an earlier revision of
 * the space, for changes made against it), numbered next in the space. The
 * number, the counters and the row are one transaction, so concurrent creates get 1, 2, 3…
 * with no gap and no duplicate.
 */
export async function createChangeRequest(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  input: { subject?: string | undefined; base?: string },
  now: Date,
): Promise<ChangeRequestRecord> {
  return db.transaction().execute(async (trx) => {
    const number = await takeChangeRequestNumber(trx, space.id);
    // Read after taking the number: the increment locks the space row, so this is current.
    const current = (await findSpaceById(trx, space.id)) ?? space;
    requireUnlockedSpace(current);
    const at = now.toISOString();
    const changeRequest: ChangeRequestRecord = {
      id: newId(),
      spaceId: space.id,
      number,
      status: 'open',
      subject: input.subject ?? '',
      description: null,
      createdBy: actor.user.id,
      createdAt: at,
      updatedAt: at,
      revisionId: input.base ?? current.revisionId,
      revisionInitial: input.base ?? current.revisionId,
      revisionMergedAncestor: null,
      revisionMerged: null,
      commentsOpen: 0,
    };
    await insertChangeRequest(trx, changeRequest);
    await countChangeRequestStatus(trx, space.id, null, changeRequest.status);
    await recordEvent(
      trx,
      actor,
      changeRequestEvent('change_request.created', current, changeRequest),
      now,
    );
    return changeRequest;
  });
}
