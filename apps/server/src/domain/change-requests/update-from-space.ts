import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import { moveChangeRequestHeadAfterUpdate } from '../../store/change-requests.js';
import { insertRevision } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../actor.js';
import { ContentObjects } from '../content/content-objects.js';
import { type BodyConverter, mergeContent } from '../content/merge/merge-content.js';
import { recordEvent } from '../events/record-event.js';
import { changeRequestEvent } from '../events/space-events.js';
import {
  HeadMoved,
  type MergeResult,
  mergeAttempts,
  readMergeState,
} from './merge-change-request.js';

/**
 * Brings what landed in the space since the change request's merge base into the change
 * request: the same three-way merge as a merge, the other way round, written as an `update`
 * revision of the change request, whose merge base becomes the space's head. Nothing new in the
 * space: the change request stays as it is.
 */
export async function updateChangeRequestFromSpace(
  db: Kysely<Database>,
  actor: Actor,
  spaceId: string,
  changeRequestId: string,
  bodies: BodyConverter,
  now: Date,
): Promise<MergeResult> {
  for (let attempt = 1; ; attempt += 1) {
    const { space, changeRequest, roots } = await readMergeState(db, spaceId, changeRequestId);
    const mergeBase = changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial;
    if (space.revisionId === mergeBase) {
      return { revision: changeRequest.revisionId, result: 'update' };
    }
    const objects = new ContentObjects(db);
    const outcome = await mergeContent(
      objects,
      { base: roots.base, ours: roots.changeRequest, theirs: roots.space },
      bodies,
    );
    if ('conflicts' in outcome) {
      return {
        revision: changeRequest.revisionId,
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
          parents: [changeRequest.revisionId, space.revisionId],
          type: 'update',
          createdAt: at,
          root: outcome.root,
          authorId: actor.user.id,
        });
        const moved = await moveChangeRequestHeadAfterUpdate(
          trx,
          changeRequest.id,
          changeRequest.revisionId,
          revision,
          space.revisionId,
          at,
        );
        if (!moved) throw new HeadMoved();
        const event = changeRequestEvent(
          'change_request.updated_from_space',
          space,
          changeRequest,
          {
            revision,
            from: space.revisionId,
          },
        );
        await recordEvent(trx, actor, event, now);
        return { revision, result: 'update' as const };
      });
    } catch (error) {
      if (!(error instanceof HeadMoved) || attempt >= mergeAttempts) throw error;
    }
  }
}
