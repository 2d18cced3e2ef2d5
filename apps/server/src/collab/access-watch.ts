import type { Connection, Hocuspocus } from '@hocuspocus/server';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { tableVersionsOf } from '../store/database/table-versions.js';
import type { Database } from '../store/schema.js';
import { type CollabAccess, CollabRefusal } from './collab-access.js';
import type { CollabContext } from './collab-context.js';
import type { CollabPersistence } from './persistence.js';

/** Where who may read or write a page is kept: a change to any may end someone's access. */
const accessTables = [
  'api_tokens',
  'sessions',
  'users',
  'organization_members',
  'space_user_grants',
  'space_team_grants',
  'team_members',
  'spaces',
  'change_requests',
];
/** Where heads move: a page people are in may have a new revision another route wrote. */
const headTables = ['change_requests', 'spaces'];

/**
 * Follows what other routes change while people edit, by the table versions the caches use
 * (this process's commits, and other processes' through PostgreSQL's notifications): when
 * access may have changed, every connection is authorized again, and one that lost its access
 * (a member removed, a session ended, a role lowered) is disconnected or made read-only at once;
 * when a head may have moved, every open document merges the new revision in.
 */
export function watchCollabAccess(options: {
  db: Kysely<Database>;
  hocuspocus: Hocuspocus;
  persistence: CollabPersistence;
  intervalMs: number;
  recheck(context: CollabContext, headers: Headers): Promise<CollabAccess>;
  logger: Logger;
}): { stop(): void } {
  const versions = tableVersionsOf(options.db);
  let seenAccess: string | undefined;
  let seenHeads: string | undefined;
  let running = false;
  const versionOf = (tables: readonly string[]) => {
    const each = tables.map((table) => versions?.current(table));
    return each.includes(undefined) ? undefined : each.join('|');
  };

  const tick = async () => {
    if (running || options.hocuspocus.getConnectionsCount() === 0) return;
    running = true;
    try {
      const access = versionOf(accessTables);
      // Unknown (a write in flight): looked at again on the next tick.
      if (access !== undefined && access !== seenAccess) {
        seenAccess = access;
        await recheckAll(options);
      }
      const heads = versionOf(headTables);
      if (heads !== undefined && heads !== seenHeads) {
        seenHeads = heads;
        for (const live of options.persistence.live.values()) {
          void options.persistence.sync(live, { write: false });
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

async function recheckAll(options: Parameters<typeof watchCollabAccess>[0]): Promise<void> {
  const connections: Connection[] = [];
  for (const document of options.hocuspocus.documents.values()) {
    connections.push(...document.getConnections());
  }
  for (const connection of connections) {
    const context = connection.context as CollabContext;
    try {
      const access = await options.recheck(context, connection.request.headers);
      connection.readOnly = access.readOnly;
    } catch (error) {
      if (!(error instanceof CollabRefusal)) {
        options.logger.warn({ err: error }, 'collab: could not authorize a connection again');
        continue;
      }
      options.logger.info(
        { userId: context.actor.user.id, reason: error.reason },
        'collab: disconnected someone who lost access',
      );
      connection.close({ code: 4403, reason: error.reason });
    }
  }
}
