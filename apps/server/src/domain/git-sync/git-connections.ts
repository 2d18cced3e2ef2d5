import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { invalid, notFound } from '../../errors.js';
import {
  deleteGitSyncConnection,
  findGitSyncConnection,
  type GitSyncConnectionRecord,
  type GitSyncDirection,
  saveGitSyncConnection,
} from '../../store/git-sync.js';
import type { Database } from '../../store/schema.js';
import type { SpaceRecord } from '../../store/spaces.js';
import type { Actor } from '../actor.js';
import { recordEvent } from '../events/record-event.js';
import { spaceEvent } from '../events/space-events.js';
import type { SecretSealer } from '../instance/sealed-secrets.js';
import { requireReachableUrl } from '../outbound-targets.js';
import { publicUrl, remoteOf } from './git-sync-request.js';
import { queueConnectionSync } from './queue-git-sync.js';
import { folder } from './repository-layout.js';

/** What connecting a space asks for. */
export interface ConnectionInput {
  url: string;
  branch?: string;
  directory?: string;
  credentials?: { username?: string; password: string };
  initialSync: GitSyncDirection;
  pollInterval?: number;
  webhookSecret?: string;
}

/** Polls every five minutes unless told otherwise. */
const defaultPollIntervalSeconds = 300;

/**
 * Connects a space to a repository (replacing the connection it had, under the same id, so its
 * webhook URL stays): the credentials and webhook secret are sealed, and the first sync is
 * queued in the direction asked, in the same transaction. Credentials go in `credentials`
 * rather than the URL. Answers the connection and, when none was given, the webhook secret
 * made for it: the only time it is shown.
 */
export async function connectSpace(
  db: Kysely<Database>,
  sealer: SecretSealer,
  actor: Actor,
  space: SpaceRecord,
  input: ConnectionInput,
  { now, allowPrivate }: { now: Date; allowPrivate: boolean },
): Promise<{ connection: GitSyncConnectionRecord; webhookSecret?: string }> {
  const remote = remoteOf({
    url: input.url,
    ref: input.branch ?? 'main',
    ...(input.directory === undefined ? {} : { repoProjectDirectory: input.directory }),
  });
  if (remote.credentials !== undefined) {
    throw invalid('body.url must not carry credentials: give them in body.credentials');
  }
  await requireReachableUrl(remote.url, 'body.url', allowPrivate);
  const secret = input.webhookSecret ?? randomBytes(24).toString('base64url');
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await findGitSyncConnection(trx, space.id);
    const connection: GitSyncConnectionRecord = {
      spaceId: space.id,
      id: existing?.id ?? uuidv7(),
      repositoryUrl: publicUrl(remote.url),
      branch: remote.branch,
      directory: folder(input.directory ?? ''),
      credentials:
        input.credentials === undefined
          ? null
          : sealer.seal(
              JSON.stringify({
                username: input.credentials.username ?? 'git',
                password: input.credentials.password,
              }),
            ),
      webhookSecret: sealer.seal(secret),
      initialSync: input.initialSync,
      pollIntervalSeconds: input.pollInterval ?? defaultPollIntervalSeconds,
      polledAt: null,
      createdBy: actor.user.id,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    };
    await saveGitSyncConnection(trx, connection);
    await queueConnectionSync(trx, sealer, connection, {
      direction: input.initialSync,
      requestedBy: actor.user.id,
      commitMessage: `Connect ${space.title} to ${connection.branch}`,
      now,
    });
    await recordEvent(
      trx,
      actor,
      spaceEvent('space.git_connected', space, {
        repository: connection.repositoryUrl,
        branch: connection.branch,
        initialSync: connection.initialSync,
      }),
      now,
    );
    return {
      connection,
      ...(input.webhookSecret === undefined ? { webhookSecret: secret } : {}),
    };
  });
}

/** Disconnects a space from its repository; 404 when it had none. Queued syncs of it fail. */
export async function disconnectSpace(
  db: Kysely<Database>,
  actor: Actor,
  space: SpaceRecord,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const connection = await findGitSyncConnection(trx, space.id);
    if (connection === undefined || !(await deleteGitSyncConnection(trx, space.id))) {
      throw notFound('The space is not connected to a Git repository');
    }
    await recordEvent(
      trx,
      actor,
      spaceEvent('space.git_disconnected', space, { repository: connection.repositoryUrl }),
      now,
    );
  });
}
