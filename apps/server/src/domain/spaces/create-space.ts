import type { Kysely } from 'kysely';
import { newId } from '../../ids.js';
import type { SpaceEditMode } from '../../model/enums.js';
import { insertRevision } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import { insertSpace, lastSpacePosition, type SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { requireCollectionInOrganization } from '../collections/collection-lookup.js';
import type { HeadMoveListeners } from '../content/head-moves.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import { positionBetween } from '../positions.js';

/** What a new space is made from. */
export interface NewSpace {
  title?: string | undefined;
  emoji?: string | undefined;
  parent?: string | undefined;
  editMode?: SpaceEditMode | undefined;
  /**
   * The first revision's content (a duplicate's), with what follows the head it starts; none:
   * an empty space, which nothing has to follow yet.
   */
  content?: { root: string | null; heads: HeadMoveListeners } | undefined;
  /** The space this one duplicates, recorded as `space.duplicated`. */
  duplicateOf?: string | undefined;
}

/**
 * Creates a private space with an empty first revision (or one with `contentRoot`'s content), at
 * the end of its siblings. The space and its revision are written in one transaction.
 */
export async function createSpace(
  db: Kysely<Database>,
  actor: Actor,
  organizationId: string,
  input: NewSpace,
  now: Date,
): Promise<SpaceRecord> {
  return db.transaction().execute(async (trx) => {
    const parentId = input.parent ?? null;
    if (parentId !== null) await requireCollectionInOrganization(trx, parentId, organizationId);
    const at = now.toISOString();
    const space: SpaceRecord = {
      id: newId(),
      organizationId,
      parentId,
      title: input.title ?? '',
      emoji: input.emoji ?? '',
      visibility: 'private',
      editMode: input.editMode ?? 'live',
      defaultLevel: null,
      mergeRules: { type: 'inherit' },
      revisionId: newId(),
      position: positionBetween(await lastSpacePosition(trx, { organizationId, parentId }), null),
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
      changeRequestCounts: { total: 0, open: 0, draft: 0 },
      commentsOpen: 0,
    };
    await insertSpace(trx, space);
    await insertRevision(trx, {
      id: space.revisionId,
      spaceId: space.id,
      parents: [],
      type: 'edits',
      createdAt: at,
      root: input.content?.root ?? null,
    });
    // A duplicate starts with content: its indexes start with it.
    if (input.content !== undefined && input.content.root !== null) {
      const move = { spaceId: space.id, from: null, to: space.revisionId };
      await input.content.heads.spaceHeadMoved(trx, move);
    }
    const event =
      input.duplicateOf === undefined
        ? spaceEvent('space.created', space)
        : spaceEvent('space.duplicated', space, { from: input.duplicateOf });
    await recordEvent(trx, actor, event, now);
    return space;
  });
}
