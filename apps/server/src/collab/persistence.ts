import type {
  afterLoadDocumentPayload,
  afterUnloadDocumentPayload,
  Extension,
  onChangePayload,
  onLoadDocumentPayload,
  onStatelessPayload,
  onStoreDocumentPayload,
} from '@hocuspocus/server';
import * as Y from 'yjs';
import { isRecord } from '../is-record.js';
import {
  appendCollabUpdate,
  type CollabDocumentRecord,
  compactCollabDocument,
  findCollabDocument,
  insertCollabDocumentUnlessExists,
  listCollabUpdates,
  releaseCollabDocument,
} from '../store/collab-documents.js';
import type { CollabContext } from './collab-context.js';
import { type CollabPage, isPage, parseDocumentName } from './document-names.js';
import { type HeadSyncServices, syncWithHead } from './head-sync.js';
import { enqueue, type LiveDocument } from './live-documents.js';
import { headOf, pageDocumentAt } from './page-source.js';
import { yDocOf } from './page-ydoc.js';
import { isStored, storedOrigin } from './update-origins.js';

/**
 * Keeps documents edited together in the database. Each update is appended as it comes, and
 * the people who made it are told it is saved (a stateless `{"saved": {clientId: clock}}`) once
 * it is; after a pause in typing (and when the last person leaves) the updates are folded into
 * the document's state and what was typed is written as a revision.
 */
export class CollabPersistence implements Extension {
  readonly extensionName = 'quire-persistence';
  /** The documents this process holds open, by name. */
  readonly live = new Map<string, LiveDocument>();

  constructor(private readonly services: HeadSyncServices) {}

  async onLoadDocument({ documentName, document }: onLoadDocumentPayload): Promise<void> {
    const target = parseDocumentName(documentName);
    if (target === undefined) throw new Error(`Not a document name: ${documentName}`);
    // A room has no content to keep.
    if (!isPage(target)) return;
    const { db } = this.services;
    const stored =
      (await findCollabDocument(db, documentName)) ?? (await this.create(documentName, target));
    const updates = await listCollabUpdates(db, documentName);
    document.transact(() => {
      Y.applyUpdate(document, stored.state);
      for (const { update } of updates) Y.applyUpdate(document, update);
    });
    this.live.set(documentName, {
      name: documentName,
      target,
      document,
      unfolded: new Set(updates.map((update) => update.id)),
      // Typing a process stored and did not write as a revision before it stopped.
      typists: new Set(
        updates.flatMap((update) => (update.userId === null ? [] : [update.userId])),
      ),
      appends: Promise.resolve(),
      work: Promise.resolve(),
    });
  }

  async afterLoadDocument({ documentName }: afterLoadDocumentPayload): Promise<void> {
    const live = this.live.get(documentName);
    if (live === undefined) return;
    // What another process appended while this one loaded, before it heard of it.
    await this.catchUp(live);
    void this.sync(live, { write: true });
  }

  async onChange({ documentName, update, transactionOrigin, context }: onChangePayload) {
    const live = this.live.get(documentName);
    if (live === undefined || isStored(transactionOrigin)) return;
    const userId = (context as Partial<CollabContext> | undefined)?.actor?.user.id ?? null;
    if (userId !== null) live.typists.add(userId);
    const { db, dialect, clock, processId, logger } = this.services;
    await enqueue(live, 'appends', async () => {
      const id = await appendCollabUpdate(
        db,
        dialect,
        { name: documentName, update, userId, origin: processId },
        clock.now().toISOString(),
      );
      live.unfolded.add(id);
      const saved = Object.fromEntries(Y.parseUpdateMeta(update).to);
      live.document.broadcastStateless(JSON.stringify({ saved }));
    }).catch((error: unknown) => {
      logger.error({ err: error, document: documentName }, 'collab: could not store an update');
    });
  }

  async onStoreDocument({ documentName }: onStoreDocumentPayload): Promise<void> {
    const live = this.live.get(documentName);
    if (live === undefined) return;
    await live.appends;
    await this.sync(live, { write: true, compact: true });
  }

  /**
   * `{"flush": id}`: the person is about to do something that reads the revision (merge the
   * change request, add a page): what was typed is written now, and `{"written": id}` answers
   * when it is.
   */
  async onStateless({ documentName, payload, connection }: onStatelessPayload): Promise<void> {
    const live = this.live.get(documentName);
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isRecord(message) || typeof message.flush !== 'string') return;
    if (live !== undefined) {
      await live.appends;
      await this.sync(live, { write: true, compact: true });
    }
    connection.sendStateless(JSON.stringify({ written: message.flush }));
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload): Promise<void> {
    const live = this.live.get(documentName);
    if (live === undefined) return;
    await live.work;
    this.live.delete(documentName);
    await releaseCollabDocument(this.services.db, documentName, this.services.processId).catch(
      () => {},
    );
  }

  /**
   * Brings a document and its revisions in step (see {@link syncWithHead}), after folding its
   * appended updates into its state when `compact` and this process is the one that writes it.
   */
  sync(live: LiveDocument, options: { write: boolean; compact?: boolean }): Promise<void> {
    return enqueue(live, 'work', async () => {
      await syncWithHead(this.services, live, {
        write: options.write,
        ...(options.compact === true ? { compact: () => this.compact(live) } : {}),
      });
    }).catch((error: unknown) => {
      this.services.logger.error(
        { err: error, document: live.name },
        'collab: could not write the document as a revision',
      );
    });
  }

  /** Applies the updates other processes appended that this one does not hold yet. */
  async catchUp(live: LiveDocument, afterId = 0): Promise<void> {
    const updates = await listCollabUpdates(this.services.db, live.name, afterId);
    const missing = updates.filter((update) => !live.unfolded.has(update.id));
    if (missing.length === 0) return;
    Y.transact(
      live.document,
      () => {
        for (const { update } of missing) Y.applyUpdate(live.document, update);
      },
      storedOrigin,
    );
    for (const { id, userId } of missing) {
      live.unfolded.add(id);
      if (userId !== null) live.typists.add(userId);
    }
  }

  private async compact(live: LiveDocument): Promise<void> {
    const { db, dialect, clock } = this.services;
    const folded = [...live.unfolded];
    const state = Y.encodeStateAsUpdate(live.document);
    await db.transaction().execute((trx) =>
      compactCollabDocument(
        trx,
        dialect,
        live.name,
        // What another process folded in and this one missed is kept.
        (stored) => Y.mergeUpdates([stored, state]),
        folded,
        clock.now().toISOString(),
      ),
    );
    for (const id of folded) live.unfolded.delete(id);
  }

  /** The stored document of a page nobody edited together yet: its body at the head. */
  private async create(name: string, target: CollabPage): Promise<CollabDocumentRecord> {
    const { db, clock } = this.services;
    const head = await headOf(db, target);
    const body =
      head === undefined
        ? undefined
        : await pageDocumentAt(db, target.spaceId, head, target.pageId);
    if (head === undefined || body === undefined) throw new Error(`No page behind ${name}`);
    const state = Y.encodeStateAsUpdate(yDocOf(body));
    return insertCollabDocumentUnlessExists(
      db,
      { name, ...target, state, baseRevisionId: head, baseState: state },
      clock.now().toISOString(),
    );
  }
}
