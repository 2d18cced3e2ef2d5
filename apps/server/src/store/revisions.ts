import type { Selectable } from 'kysely';
import type { Executor, RevisionsTable } from './schema.js';

/** The kinds of revision: how a revision came to be. */
export type RevisionType = 'edits' | 'merge' | 'rollback' | 'update' | 'computed';

const revisionTypes: readonly RevisionType[] = ['edits', 'merge', 'rollback', 'update', 'computed'];

/** A stored revision of a space's content. */
export interface RevisionRecord {
  id: string;
  spaceId: string;
  parents: string[];
  type: RevisionType;
  createdAt: string;
  /** Hash of its root content object; `null` for no content. */
  root?: string | null;
  authorId?: string | null;
  /** The change request a merge came from. */
  mergedFrom?: string | null;
}

function toRevision(row: Selectable<RevisionsTable>): RevisionRecord {
  const parents: unknown = JSON.parse(row.parents);
  return {
    id: row.id,
    spaceId: row.space_id,
    parents: Array.isArray(parents) ? parents.map(String) : [],
    type: revisionTypes.find((type) => type === row.type) ?? 'edits',
    createdAt: row.created_at,
    root: row.root,
    authorId: row.author_id,
    mergedFrom: row.merged_from,
  };
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
      root: revision.root ?? null,
      author_id: revision.authorId ?? null,
      merged_from: revision.mergedFrom ?? null,
    })
    .execute();
}

/** A revision of a space, if it exists. */
export async function findRevision(
  db: Executor,
  spaceId: string,
  id: string,
): Promise<RevisionRecord | undefined> {
  const row = await db
    .selectFrom('revisions')
    .selectAll()
    .where('space_id', '=', spaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRevision(row);
}
