import type { Document } from '@quire/document';
import type { Kysely } from 'kysely';
import type { ChangeRequestStatus } from '../../model/enums.js';
import {
  type ChangeRequestRecord,
  countChangeRequestStatus,
  findChangeRequest,
  updateChangeRequest,
} from '../../store/change-requests.js';
import type { Database } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import { requireUnmerged } from './content-writes.js';

/** What a change request update may change; only a merge makes one `merged`. */
export interface ChangeRequestChanges {
  subject?: string | undefined;
  /** `null` removes it. */
  description?: Document | null | undefined;
  status?: Exclude<ChangeRequestStatus, 'merged'> | undefined;
}

/**
 * Changes a change request's subject, description or status, keeping the space's counters of open and draft
 * change requests in the same transaction. A merged change request keeps its status (409).
 */
export async function updateChangeRequestFields(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
  changes: ChangeRequestChanges,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current =
      (await findChangeRequest(trx, changeRequest.spaceId, changeRequest.id))?.changeRequest ??
      changeRequest;
    if (changes.status !== undefined) requireUnmerged(current);
    await updateChangeRequest(trx, current.id, {
      subject: changes.subject,
      status: changes.status,
      description:
        changes.description === undefined
          ? undefined
          : changes.description && JSON.stringify(changes.description),
      updatedAt: now.toISOString(),
    });
    if (changes.status !== undefined) {
      await countChangeRequestStatus(trx, current.spaceId, current.status, changes.status);
    }
    const payload = {
      fields: Object.keys(changes).sort(),
      status: changes.status ?? current.status,
    };
    const subject = changes.subject ?? current.subject;
    await recordEvent(
      trx,
      actor,
      changeRequestEvent('change_request.updated', space, { ...current, subject }, payload),
      now,
    );
  });
}
