import type { Executor } from './schema.js';

/** The kinds of revision: how a revision came to be. */
export type RevisionType = 'edits' | 'merge' | 'rollback' | 'update' | 'computed';

/** A stored revision of a space's content. */
export interface RevisionRecord {
  id: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  createdAt: string;
}

/** Stores a new revision. */
export async function insertRevision(db: Executor, revision: RevisionRecord): Promise<void> {
  await db
    .insertInto('revisions')
    .values({
      id: revision.id,
      space_id: revision.spaceId,
      parents: JSON.stringify(revision.parents),
      type: revision.type,
      created_at: revision.createdAt,
    })
    .execute();
}
