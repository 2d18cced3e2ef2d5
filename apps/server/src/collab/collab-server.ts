import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type beforeSyncPayload,
  type Document,
  Hocuspocus,
  type onAuthenticatePayload,
} from '@hocuspocus/server';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { newId } from '../ids.js';
import type { AppServices } from '../services/app-services.js';
import { watchCollabAccess } from './access-watch.js';
import { CollabRefusal, collabAccess, collabActor } from './collab-access.js';
import type { CollabContext } from './collab-context.js';
import { type CollabTarget, parseDocumentName } from './document-names.js';
import { CollabFanOut } from './fan-out.js';
import { CollabPersistence } from './persistence.js';
import { writePageRevision } from './revision-writes.js';

/** The path of the collaboration endpoint on the server's port. */
export const collabPath = '/collab';

/** Live collaboration, served on the HTTP server's port. */
export interface CollabServer {
  /** Takes an upgrade request for {@link collabPath}; false, touching nothing, for any other. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** The Hocuspocus instance: documents, connections. */
  hocuspocus: Hocuspocus;
  /** Writes what is still unwritten, disconnects everyone and stops. */
  close(): Promise<void>;
}

/** How the collaboration is tuned; the defaults are the product's. */
export interface CollabOptions {
  /** A PostgreSQL URL: other processes on the same database are followed and told. */
  databaseUrl?: string | undefined;
  /** A revision is written this long after the last keystroke… */
  debounceMs?: number;
  /** …and at least this often while people keep typing. */
  maxDebounceMs?: number;
  /** How often access and heads are looked at for changes made by other routes. */
  watchIntervalMs?: number;
}

// A page of a few megabytes is a large one; a single message bigger than this is refused.
const maxMessageBytes = 16 * 1024 * 1024;

/**
 * The collaboration endpoint: Hocuspocus's protocol over WebSockets at {@link collabPath}.
 * Documents are pages (`{spaceId}/{changeRequestId}/{pageId}`, `{spaceId}/live/{pageId}`),
 * authenticated by an API token or the app's session, authorized by the person's role on the
 * space; what they type is stored as it comes and written as revisions through the same domain
 * path as a content batch.
 */
export function createCollabServer(
  services: AppServices,
  options: CollabOptions = {},
): CollabServer {
  const processId = newId();
  const appOrigin = new URL(services.urls.app()).origin;
  const persistence = new CollabPersistence({
    db: services.db,
    dialect: services.dialect,
    contentWrites: services.contentWrites,
    clock: services.clock,
    logger: services.logger,
    processId,
    writePageRevision: (target, authors, document, at) =>
      writePageRevision(services.db, services.contentWrites, target, authors, document, at),
  });
  const fanOut: CollabFanOut | undefined =
    services.dialect === 'postgres' && options.databaseUrl !== undefined
      ? new CollabFanOut(
          {
            db: services.db,
            databaseUrl: options.databaseUrl,
            processId,
            logger: services.logger,
            documents: (): ReadonlyMap<string, Document> => hocuspocus.documents,
          },
          persistence,
        )
      : undefined;

  const hocuspocus: Hocuspocus = new Hocuspocus({
    name: 'quire',
    quiet: true,
    debounce: options.debounceMs ?? 2000,
    maxDebounce: options.maxDebounceMs ?? 10_000,
    unloadImmediately: true,
    extensions: [persistence, ...(fanOut === undefined ? [] : [fanOut])],
    async onAuthenticate({ token, documentName, requestHeaders, connectionConfig }) {
      return authenticate({ token, documentName, requestHeaders, connectionConfig });
    },
    async beforeSync({ connection, document, type, payload, documentName }: beforeSyncPayload) {
      // 1: the second step of the sync (what the client has that the server lacks); 2: an update.
      if (!connection.readOnly || (type !== 1 && type !== 2)) return;
      if (type === 1 && Y.snapshotContainsUpdate(Y.snapshot(document), payload)) return;
      const { actor } = connection.context as CollabContext;
      services.logger.warn(
        { document: documentName, userId: actor.user.id },
        'collab: refused an update from a read-only connection',
      );
    },
  });

  /** Who the token and headers are, and what they may do in `target` now. */
  const authorize = async (token: string, headers: Headers, target: CollabTarget) => {
    const now = services.clock.now();
    const actor = await collabActor(services.db, token, headers, appOrigin, now);
    return collabAccess(services.db, actor, target);
  };

  const authenticate = async ({
    token,
    documentName,
    requestHeaders,
    connectionConfig,
  }: Pick<
    onAuthenticatePayload,
    'token' | 'documentName' | 'requestHeaders' | 'connectionConfig'
  >): Promise<CollabContext> => {
    const target = parseDocumentName(documentName);
    try {
      if (target === undefined) throw new CollabRefusal('No such page, or no access to it');
      const { actor, readOnly } = await authorize(token, requestHeaders, target);
      connectionConfig.readOnly = readOnly;
      return { actor, token, target };
    } catch (error) {
      if (!(error instanceof CollabRefusal)) throw error;
      services.logger.info({ document: documentName, reason: error.reason }, 'collab: refused');
      // Hocuspocus tells the provider the reason it is thrown with.
      throw { reason: error.reason };
    }
  };

  const watch = watchCollabAccess({
    db: services.db,
    hocuspocus,
    persistence,
    intervalMs: options.watchIntervalMs ?? 200,
    recheck: (context, headers) => authorize(context.token, headers, context.target),
    logger: services.logger,
  });
  fanOut?.start();

  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  return {
    hocuspocus,
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://quire.invalid');
      if (url.pathname !== collabPath) return false;
      sockets.handleUpgrade(request, socket, head, (websocket) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string') headers.set(name, value);
          else if (Array.isArray(value)) headers.set(name, value.join(', '));
        }
        const connection = hocuspocus.handleConnection(
          websocket,
          new Request(new URL(url.pathname + url.search, appOrigin), { headers }),
        );
        websocket.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
        websocket.on('close', (code, reason) =>
          connection.handleClose({ code, reason: reason.toString() }),
        );
        websocket.on('error', (error) =>
          services.logger.info({ err: error }, 'collab: a socket failed'),
        );
      });
      return true;
    },
    async close() {
      watch.stop();
      hocuspocus.flushPendingStores();
      for (const live of persistence.live.values()) await live.work;
      hocuspocus.closeConnections();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}
