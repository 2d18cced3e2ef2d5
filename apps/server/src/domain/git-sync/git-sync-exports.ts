import type { Clock } from '../../clock.js';
import { findChangeRequest } from '../../store/change-requests.js';
import { findGitSyncConnection } from '../../store/git-sync.js';
import { findRevision } from '../../store/revisions.js';
import { findSpaceById } from '../../store/spaces.js';
import type { HeadMoveListener } from '../content/head-moves.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { queueConnectionSync } from './queue-git-sync.js';

/**
 * Queues an export of every new head of a connected space, in the move's transaction: a merge,
 * a live edit, an import. The commit is authored by the member who made the revision, with the
 * change request's subject as its message when it is a merge. An export with nothing new (after
 * an import from the repository) makes no commit.
 */
export function gitSyncExports(sealer: SecretSealer, clock: Clock): HeadMoveListener {
  return {
    name: 'Git exports of connected spaces',
    async spaceHeadMoved(db, move) {
      const connection = await findGitSyncConnection(db, move.spaceId);
      if (connection === undefined) return;
      const revision = await findRevision(db, move.spaceId, move.to);
      const space = await findSpaceById(db, move.spaceId);
      const mergedFrom =
        revision?.mergedFrom === undefined || revision.mergedFrom === null
          ? undefined
          : await findChangeRequest(db, move.spaceId, revision.mergedFrom);
      const subject = mergedFrom?.changeRequest.subject.trim();
      await queueConnectionSync(db, sealer, connection, {
        direction: 'export',
        requestedBy: revision?.authorId ?? connection.createdBy,
        commitMessage:
          subject !== undefined && subject !== ''
            ? subject
            : `Update ${space?.title ?? 'the space'}`,
        now: clock.now(),
      });
    },
  };
}
