import type { Document, Extension, onAwarenessUpdatePayload } from '@hocuspocus/server';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { isRecord } from '../is-record.js';
import { announceCollab, collabChannel, findCollabDocument } from '../store/collab-documents.js';
import { listenToPostgres, type PostgresListener } from '../store/database/postgres-listener.js';
import type { Database } from '../store/schema.js';
import type { CollabPersistence } from './persistence.js';
import { storedOrigin } from './update-origins.js';

/** The origin of presence that came from another process: not announced again. */
const fannedOut = Symbol('fanned out');

/**
 * Several server processes on one PostgreSQL: what people type and where their cursors are
 * reaches the people of the same page on every other process. Updates are announced by the
 * append that stores them (`collabChannel`, with the update itself when it is small); presence
 * is announced here. Each process applies what others announce to the documents it holds.
 */
export class CollabFanOut implements Extension {
  readonly extensionName = 'quire-fan-out';
  private listener: PostgresListener | undefined;

  constructor(
    private readonly services: {
      db: Kysely<Database>;
      databaseUrl: string;
      processId: string;
      logger: Logger;
      /** The documents this process holds open, pages and rooms. */
      documents(): ReadonlyMap<string, Document>;
    },
    private readonly persistence: CollabPersistence,
  ) {}

  start(): void {
    this.listener = listenToPostgres(this.services.databaseUrl, collabChannel, {
      onMessage: (payload) => void this.receive(payload),
      // Updates announced while this process was not listening are in the table.
      onListening: () => {
        for (const live of this.persistence.live.values()) void this.persistence.catchUp(live);
      },
    });
  }

  async onAwarenessUpdate({
    documentName,
    awareness,
    added,
    updated,
    removed,
    transactionOrigin,
  }: onAwarenessUpdatePayload): Promise<void> {
    if (transactionOrigin === fannedOut) return;
    const changed = [...added, ...updated, ...removed];
    if (changed.length === 0) return;
    const update = Buffer.from(encodeAwarenessUpdate(awareness, changed)).toString('base64');
    await announceCollab(this.services.db, {
      kind: 'awareness',
      name: documentName,
      origin: this.services.processId,
      update,
    }).catch(() => {});
  }

  async onDestroy(): Promise<void> {
    await this.listener?.close();
  }

  private async receive(payload: string): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isRecord(message) || message.origin === this.services.processId) return;
    if (typeof message.name !== 'string') return;
    // Presence is in pages and in rooms alike.
    const document = this.services.documents().get(message.name);
    if (message.kind === 'awareness' && typeof message.update === 'string') {
      if (document === undefined) return;
      const update = Buffer.from(message.update, 'base64');
      applyAwarenessUpdate(document.awareness, update, fannedOut);
      return;
    }
    const live = this.persistence.live.get(message.name);
    if (live === undefined) return;
    try {
      if (message.kind === 'update' && typeof message.id === 'number') {
        if (live.unfolded.has(message.id)) return;
        await this.persistence.catchUp(live, message.id - 1);
        if (!live.unfolded.has(message.id)) {
          // Folded into the state by another process before this one read it.
          const stored = await findCollabDocument(this.services.db, live.name);
          if (stored !== undefined) Y.applyUpdate(live.document, stored.state, storedOrigin);
        }
      }
    } catch (error) {
      this.services.logger.warn({ err: error, document: live.name }, 'collab: fan-out failed');
    }
  }
}
