import { cachedRead } from '../../caches/database-caches.js';
import { notFound } from '../../errors.js';
import type { ChangeRequestRecord } from '../../store/change-requests.js';
import { findRevision, type RevisionRecord } from '../../store/revisions.js';
import type { Executor } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import { ContentObjects } from './content-objects.js';
import { type SemanticChange, semanticChanges } from './semantic-changes.js';

/** A revision of a space by id; one of another space is a 404 like a missing one. */
export async function loadRevision(
  db: Executor,
  space: SpaceRecord,
  revisionId: string,
): Promise<RevisionRecord> {
  // Every read of content starts here; a revision never changes once written.
  const revision = await cachedRead(db, ['revision', space.id, revisionId], () =>
    findRevision(db, space.id, revisionId),
  );
  if (revision === undefined)
    throw notFound(`Revision ${revisionId} not found in space ${space.id}`);
  return revision;
}

/** The space's current revision. */
export function loadSpaceRevision(db: Executor, space: SpaceRecord): Promise<RevisionRecord> {
  return loadRevision(db, space, space.revisionId);
}

/** The change request's current revision. */
export function loadChangeRequestRevision(
  db: Executor,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
): Promise<RevisionRecord> {
  return loadRevision(db, space, changeRequest.revisionId);
}

/**
 * The revision a change request's changes are counted from, its merge base: where it last took
 * in the space's content, else where it started.
 */
export function loadChangeRequestMergeBase(
  db: Executor,
  space: SpaceRecord,
  changeRequest: ChangeRequestRecord,
): Promise<RevisionRecord> {
  return loadRevision(
    db,
    space,
    changeRequest.revisionMergedAncestor ?? changeRequest.revisionInitial,
  );
}

/** What changed from one revision of a space to another. */
export function changesBetween(
  db: Executor,
  before: RevisionRecord | undefined,
  after: RevisionRecord,
): Promise<SemanticChange[]> {
  return semanticChanges(new ContentObjects(db), before?.root ?? null, after.root ?? null);
}
