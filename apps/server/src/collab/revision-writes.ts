import type { components } from '@quire/contract';
import type { GitBookDocument } from '@quire/document';
import type { Kysely } from 'kysely';
import type { Actor } from '../domain/actor.js';
import {
  applyContentChanges,
  applyContentChangesToSpace,
} from '../domain/content/apply-content-changes.js';
import type { ContentWriteServices } from '../domain/content/prepare-changes.js';
import { findChangeRequest } from '../store/change-requests.js';
import type { Database } from '../store/schema.js';
import type { CollabPage } from './document-names.js';

/**
 * Writes a page edited together as a new revision, through the same path as a content batch of
 * the API: of its change request, or of the space in live mode. The first of `authors` is the
 * revision's author; all of them are recorded with it. Written only on `onHead`, the revision the
 * document was last in step with (else a 409: another route wrote since, to merge in first).
 * Answers the head after the write.
 */
export async function writePageRevision(
  db: Kysely<Database>,
  services: ContentWriteServices,
  target: CollabPage,
  authors: readonly Actor[],
  document: GitBookDocument,
  { onHead, now }: { onHead: string; now: Date },
): Promise<string> {
  const [actor, ...others] = authors;
  if (actor === undefined) throw new Error('A revision needs an author');
  const changes = [
    {
      operation: 'update_page' as const,
      page: target.pageId,
      // GitBook's JSON document is the contract's.
      document: { document: document as unknown as components['schemas']['JsonDocument'] },
    },
  ];
  const coAuthorIds = others.map((other) => other.user.id);
  if (target.changeRequestId === null) {
    const applied = await applyContentChangesToSpace(
      db,
      actor,
      target.spaceId,
      changes,
      services,
      'space.content_updated',
      now,
      { page: target.pageId },
      { coAuthorIds, onHead },
    );
    return applied.revisionId;
  }
  const found = await findChangeRequest(db, target.spaceId, target.changeRequestId);
  if (found === undefined) throw new Error(`Change request ${target.changeRequestId} is gone`);
  const applied = await applyContentChanges(
    db,
    actor,
    found.changeRequest,
    changes,
    services,
    now,
    { coAuthorIds, onHead },
  );
  return applied.changeRequest.revisionId;
}
