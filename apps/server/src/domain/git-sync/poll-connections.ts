import type { HttpClient } from 'isomorphic-git';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  findGitSyncConnection,
  findGitSyncState,
  hasQueuedGitImport,
  listGitSyncConnectionsDueForPoll,
  markGitSyncConnectionPolled,
} from '../../store/git-sync.js';
import type { Database } from '../../store/schema.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { remoteTip } from './git-repository.js';
import { queueConnectionSync } from './queue-git-sync.js';
import { syncTargetOf } from './sync-target.js';

/**
 * Looks at the branch of every connection due for a poll (its interval passed since the last)
 * and queues an import for each whose tip is not the commit its space last agreed with: the
 * fallback for hosts whose webhooks cannot reach Quire. A remote that does not answer is
 * looked at again at the next interval. Answers how many imports it queued.
 */
export async function pollConnections(
  db: Kysely<Database>,
  sealer: SecretSealer,
  http: HttpClient,
  logger: Logger,
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const due of await listGitSyncConnectionsDueForPoll(db, now)) {
    await markGitSyncConnectionPolled(db, due.spaceId, now.toISOString());
    let tip: string | null;
    try {
      const { remote } = syncTargetOf({ connection: due.id }, due, sealer);
      tip = await remoteTip(remote, http);
    } catch (error) {
      logger.warn({ err: error, space: due.spaceId }, 'polling a Git repository failed');
      continue;
    }
    const state = await findGitSyncState(db, due.spaceId, due);
    const agreed = state?.commit ?? null;
    if (tip === null || tip === agreed) continue;
    const added = await db.transaction().execute(async (trx) => {
      const connection = await findGitSyncConnection(trx, due.spaceId);
      if (connection?.id !== due.id || (await hasQueuedGitImport(trx, due.spaceId))) return false;
      await queueConnectionSync(trx, sealer, connection, {
        direction: 'import',
        requestedBy: connection.createdBy,
        now,
      });
      return true;
    });
    if (added) queued += 1;
  }
  return queued;
}
