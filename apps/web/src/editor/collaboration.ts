import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { useEffect, useState } from 'react';
import * as Y from 'yjs';

/** The provider's token that asks the server to read the app's session cookie. */
const sessionToken = 'session';

/** Someone in the same document, as their editor announces them. */
export interface Peer {
  clientId: number;
  name: string;
  color: string;
  /** The page they are on, in a room. */
  pageId?: string;
}

/** Where a collaborative document stands for this person. */
export interface CollaborationState {
  connection: 'connecting' | 'online' | 'offline';
  /** Whether the server sent the document. */
  synced: boolean;
  /** The person may read and see who is there, and change nothing. */
  readOnly: boolean;
  /** Everything typed here is stored on the server. */
  saved: boolean;
  /** Why the server refused or closed the document, once it did. */
  refused?: string;
  peers: Peer[];
}

/** One document edited together: its Yjs document, its provider, and where it stands. */
export interface Collaboration {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Asks the server to write what was typed as a revision now, and waits until it has. */
  flush(): Promise<void>;
}

// Dark enough for white names on them (4.5:1 and more), and told apart from one another.
const writerColors = [
  '#b3261e',
  '#1b6e3a',
  '#0b57d0',
  '#7a3eb1',
  '#00695c',
  '#ad1457',
  '#5d4037',
  '#8a4b00',
];

/** The colour a person's cursor and name take, the same in every browser. */
export function colorOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return writerColors[hash % writerColors.length] as string;
}

// One socket for every document of the tab: a page and its change request's room share it.
let sharedSocket: HocuspocusProviderWebsocket | undefined;
function socket(): HocuspocusProviderWebsocket {
  if (sharedSocket !== undefined) return sharedSocket;
  const opened = new HocuspocusProviderWebsocket({
    url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/collab`,
  });
  // The browser knows at once when the network goes; a silent socket takes the provider's
  // timeout (half a minute) to notice.
  window.addEventListener('offline', () => opened.disconnect());
  window.addEventListener('online', () => void opened.connect());
  sharedSocket = opened;
  return opened;
}

/**
 * Joins the document `name` (`{spaceId}/{changeRequestId}/{pageId}`, or a room without the page)
 * as `user`, with the app's session; leaves it when the component goes. `presence` is announced
 * to the others with the user.
 */
export function useCollaboration(
  name: string,
  user: { id: string; name: string },
  presence: Record<string, unknown> = {},
): { collaboration: Collaboration | undefined; state: CollaborationState } {
  const [state, setState] = useState<CollaborationState>(initialState);
  const [collaboration, setCollaboration] = useState<Collaboration>();
  useEffect(() => {
    setState(initialState);
    const opened = openDocument(name, setState);
    setCollaboration(opened);
    return () => opened.close();
  }, [name]);
  const presenceKey = JSON.stringify(presence);
  useEffect(() => {
    collaboration?.provider.setAwarenessField('user', {
      id: user.id,
      name: user.name,
      color: colorOf(user.id),
      ...(JSON.parse(presenceKey) as Record<string, unknown>),
    });
  }, [collaboration, user.id, user.name, presenceKey]);
  return { collaboration, state };
}

const initialState: CollaborationState = {
  connection: 'connecting',
  synced: false,
  readOnly: false,
  saved: true,
  peers: [],
};

/** How long everything must stay saved before the page says "Saved". */
const savedSettleMs = 300;

function openDocument(
  name: string,
  setState: (update: (state: CollaborationState) => CollaborationState) => void,
): Collaboration & { close(): void } {
  const doc = new Y.Doc();
  let savedClock = 0;
  const flushes = new Map<string, () => void>();
  const isSaved = () => savedClock >= Y.getState(doc.store, doc.clientID);
  const provider = new HocuspocusProvider({
    websocketProvider: socket(),
    name,
    // Each opening of a document is its own connection on the shared socket: the page opened
    // again at once (a screen made again) must not meet the messages of the one closing.
    sessionAwareness: true,
    token: sessionToken,
    document: doc,
    onStatus: ({ status }) =>
      setState((state) => ({
        ...state,
        connection:
          status === 'connected' ? 'online' : status === 'connecting' ? 'connecting' : 'offline',
      })),
    onSynced: ({ state: synced }) => setState((state) => ({ ...state, synced })),
    onAuthenticated: ({ scope }) =>
      setState((state) => ({ ...state, readOnly: scope === 'readonly', refused: undefined })),
    onAuthenticationFailed: ({ reason }) =>
      setState((state) => ({ ...state, refused: reason, readOnly: true })),
    onClose: ({ event }) => {
      if (event.reason !== '') {
        setState((state) => ({ ...state, refused: event.reason, readOnly: true }));
      }
    },
    onStateless: ({ payload }) => {
      const message = JSON.parse(payload) as {
        saved?: Record<string, number>;
        written?: string;
      };
      const clock = message.saved?.[String(doc.clientID)];
      if (clock !== undefined) {
        savedClock = Math.max(savedClock, clock);
        setSaved();
      }
      if (message.written !== undefined) flushes.get(message.written)?.();
    },
    // Every cursor move of anyone's is an awareness change: the people shown change far less.
    onAwarenessChange: ({ states }) => {
      const peers: Peer[] = states.flatMap((peer) => {
        const user = peer.user as { name?: unknown; color?: unknown; pageId?: unknown };
        if (peer.clientId === doc.clientID || typeof user?.name !== 'string') return [];
        return [
          {
            clientId: peer.clientId,
            name: user.name,
            color: typeof user.color === 'string' ? user.color : colorOf(user.name),
            ...(typeof user.pageId === 'string' ? { pageId: user.pageId } : {}),
          },
        ];
      });
      setState((state) =>
        JSON.stringify(state.peers) === JSON.stringify(peers) ? state : { ...state, peers },
      );
    },
  });
  // Whether everything is saved flips twice a keystroke while someone types. Each redraw of the
  // screen costs React a walk of the whole focused page (it saves the selection around a
  // commit), so "Saving…" shows at once and "Saved" once the saves have settled.
  let settling: ReturnType<typeof setTimeout> | undefined;
  const showSaved = () =>
    setState((state) => (state.saved === isSaved() ? state : { ...state, saved: isSaved() }));
  const setSaved = () => {
    if (!isSaved()) {
      clearTimeout(settling);
      settling = undefined;
      showSaved();
    } else if (settling === undefined) {
      settling = setTimeout(() => {
        settling = undefined;
        showSaved();
      }, savedSettleMs);
    }
  };
  provider.attach();
  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    // Only what is typed here waits to be saved; what others typed is saved already.
    if (origin !== provider) setSaved();
  };
  doc.on('update', onUpdate);
  return {
    doc,
    provider,
    flush() {
      // Offline, what was typed waits for the connection: there is nothing to wait for here.
      if (!provider.isSynced) return Promise.resolve();
      const id = crypto.randomUUID();
      return new Promise<void>((resolve) => {
        // A server that never answers is not waited for past this.
        const timer = setTimeout(done, 15_000);
        function done() {
          clearTimeout(timer);
          flushes.delete(id);
          resolve();
        }
        flushes.set(id, done);
        provider.sendStateless(JSON.stringify({ flush: id }));
      });
    },
    close() {
      clearTimeout(settling);
      doc.off('update', onUpdate);
      provider.destroy();
      // No answer can come now; the server writes the page as its last person leaves.
      for (const done of flushes.values()) done();
    },
  };
}
