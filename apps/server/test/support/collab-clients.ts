import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { serve } from '@hono/node-server';
import WebSocket from 'ws';
import * as Y from 'yjs';
import {
  type CollabOptions,
  type CollabServer,
  collabPath,
  createCollabServer,
} from '../../src/collab/collab-server.js';
import { acceptUpgrades } from '../../src/http/listen.js';
import type { TestServer } from './test-server.js';

/** A test server on a real port, with its collaboration endpoint. */
export interface ServedCollab {
  /** `ws://127.0.0.1:<port>/collab`. */
  url: string;
  collab: CollabServer;
  close(): Promise<void>;
}

/**
 * The collaboration endpoint of `server`, on `http`'s port as the server's own, writing revisions
 * soon after typing stops (tests wait for what they look for, never for a clock).
 */
export function attachCollab(
  http: Server,
  server: TestServer,
  options: CollabOptions = {},
): CollabServer {
  const collab = createCollabServer(server.services, {
    databaseUrl: server.services.dialect === 'postgres' ? server.databaseUrl : undefined,
    debounceMs: 50,
    maxDebounceMs: 500,
    watchIntervalMs: 50,
    ...options,
  });
  acceptUpgrades(http, collab.handleUpgrade);
  return collab;
}

/** Serves `server` on a loopback port with its collaboration endpoint. */
export async function serveCollab(
  server: TestServer,
  options: CollabOptions = {},
): Promise<ServedCollab> {
  const http = serve({
    fetch: (request) => server.fetch(request),
    hostname: '127.0.0.1',
    port: 0,
  }) as Server;
  await once(http, 'listening');
  const collab = attachCollab(http, server, options);
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${collabPath}`,
    collab,
    async close() {
      await collab.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** One person's editor of a page, as a Node Yjs client speaking Hocuspocus's protocol. */
export interface CollabClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves when the server sent the page; rejects when it refused the connection. */
  ready: Promise<void>;
  /** Why the server refused the connection, or closed it, once it did. */
  refusals: string[];
  /** Whether the socket is closed now (the server closed it, or the test did). */
  closed(): boolean;
  /** The `saved` clocks the server announced, latest last. */
  saved(): boolean;
  /** The page's text, paragraph by paragraph. */
  text(): string[];
  /** Types `text` into the `index`th top-level block at `offset`. */
  type(index: number, offset: number, text: string): void;
  close(): void;
}

/**
 * Opens `name` at `url` with `token`; `headers` go with the socket's upgrade request (a browser
 * sends its cookie and origin).
 */
export function collabClient(
  url: string,
  name: string,
  token: string,
  headers: Record<string, string> = {},
): CollabClient {
  const doc = new Y.Doc();
  const refusals: string[] = [];
  let savedClock = 0;
  let isClosed = false;
  class Socket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
      // A server killed mid-message resets the socket: the provider sees it close and connects
      // again; an 'error' event with no listener would take the whole process down instead.
      this.on('error', () => {});
    }
  }
  let settle: { resolve(): void; reject(error: Error): void } | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: Socket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    token,
    document: doc,
    onSynced: () => settle?.resolve(),
    onAuthenticationFailed: ({ reason }) => {
      refusals.push(reason);
      settle?.reject(new Error(`refused: ${reason}`));
    },
    onClose: ({ event }) => {
      isClosed = true;
      if (event.reason !== '') refusals.push(event.reason);
    },
    onOpen: () => {
      isClosed = false;
    },
    onStateless: ({ payload }) => {
      const message = JSON.parse(payload) as { saved?: Record<string, number> };
      const clock = message.saved?.[String(doc.clientID)];
      if (clock !== undefined) savedClock = Math.max(savedClock, clock);
    },
  });
  // A provider given its socket joins it when told.
  provider.attach();
  // A refusal the test did not wait for is not an unhandled rejection.
  ready.catch(() => {});
  const fragment = doc.getXmlFragment('default');
  return {
    doc,
    provider,
    ready,
    refusals,
    closed: () => isClosed,
    saved: () => savedClock >= Y.getState(doc.store, doc.clientID),
    text: () => fragment.toArray().map((block) => textOf(block)),
    type(index, offset, text) {
      const block = fragment.get(index);
      const paragraph = block instanceof Y.XmlElement ? block.get(0) : undefined;
      if (!(paragraph instanceof Y.XmlText)) throw new Error(`Block ${index} holds no text`);
      paragraph.insert(offset, text);
    },
    close() {
      provider.destroy();
      socket.destroy();
    },
  };
}

function textOf(node: Y.XmlElement | Y.XmlText | Y.XmlHook): string {
  if (node instanceof Y.XmlText) {
    return (node.toDelta() as { insert: unknown }[])
      .map((part) => (typeof part.insert === 'string' ? part.insert : ''))
      .join('');
  }
  if (node instanceof Y.XmlElement) return node.toArray().map(textOf).join('');
  return '';
}
