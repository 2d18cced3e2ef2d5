import type { Kysely } from 'kysely';
import { notFound, unauthenticated } from '../../errors.js';
import {
  findGitSyncConnectionById,
  findGitSyncState,
  hasQueuedGitImport,
} from '../../store/git-sync.js';
import type { Database } from '../../store/schema.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { type PushDelivery, verifyDelivery } from './push-events.js';
import { queueConnectionSync } from './queue-git-sync.js';

/** What became of a delivery. */
export type PushOutcome = 'queued' | 'ignored';

/**
 * Takes a push webhook for a connection: verified with the connection's secret (401 when it is
 * not), it queues an import when it is a push to the connected branch of a commit the space
 * does not already agree with (Quire's own exports come back this way) and no import is
 * already waiting. Anything else verified is acknowledged and ignored.
 */
export async function receivePush(
  db: Kysely<Database>,
  sealer: SecretSealer,
  connectionId: string,
  delivery: PushDelivery,
  now: Date,
): Promise<PushOutcome> {
  const connection = await findGitSyncConnectionById(db, connectionId);
  if (connection === undefined) throw notFound('No Git connection has that webhook');
  const verified = verifyDelivery(delivery, sealer.open(connection.webhookSecret));
  if (verified === undefined) {
    throw unauthenticated("The webhook signature does not match the connection's secret");
  }
  if (verified.kind !== 'push' || verified.ref !== `refs/heads/${connection.branch}`) {
    return 'ignored';
  }
  const state = await findGitSyncState(db, connection.spaceId, connection);
  const agreed = state?.commit;
  if (agreed === verified.after) return 'ignored';
  return db.transaction().execute(async (trx) => {
    if (await hasQueuedGitImport(trx, connection.spaceId)) return 'ignored';
    await queueConnectionSync(trx, sealer, connection, {
      direction: 'import',
      requestedBy: connection.createdBy,
      now,
    });
    return 'queued';
  });
}
