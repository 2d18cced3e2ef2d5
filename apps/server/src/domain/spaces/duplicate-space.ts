import type { Kysely } from 'kysely';
import { findRevision } from '../../store/revisions.js';
import type { Database } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import type { HeadMoveListeners } from '../content/head-moves.js';
import { createSpace } from './create-space.js';

const titleLimit = 50;
const copyMark = ' (copy)';

/**
 * Makes a copy of a space in the same organization and collection, titled as a copy, whose first
 * revision has the same content. Content is stored by hash, so the copy shares every page body,
 * tree node and file with the original and writes none; change requests and comments stay behind.
 */
export async function duplicateSpace(
  db: Kysely<Database>,
  actor: Actor,
  source: SpaceRecord,
  heads: HeadMoveListeners,
  now: Date,
): Promise<SpaceRecord> {
  const head = await findRevision(db, source.id, source.revisionId);
  const title = `${source.title.slice(0, titleLimit - copyMark.length).trimEnd()}${copyMark}`;
  return createSpace(
    db,
    actor,
    source.organizationId,
    {
      title,
      emoji: source.emoji,
      parent: source.parentId ?? undefined,
      editMode: source.editMode,
      content: { root: head?.root ?? null, heads },
      duplicateOf: source.id,
    },
    now,
  );
}
