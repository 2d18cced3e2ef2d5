import { isDeepStrictEqual } from 'node:util';
import type { GitBookDocument } from '@quire/document';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import * as Y from 'yjs';
import type { Actor } from '../domain/actor.js';
import type { ContentWriteServices } from '../domain/content/prepare-changes.js';
import { DomainError } from '../errors.js';
import {
  appendCollabUpdate,
  claimCollabDocument,
  findCollabDocument,
  noteCollabWriting,
  setCollabBase,
} from '../store/collab-documents.js';
import type { DialectName } from '../store/database/dialect.js';
import type { Database } from '../store/schema.js';
import { findUsersByIds } from '../store/users.js';
import type { LiveDocument } from './live-documents.js';
import { headOf, pageDocumentAt } from './page-source.js';
import { documentOf, updateTowards, yDocFromUpdates } from './page-ydoc.js';
import { storedOrigin } from './update-origins.js';

/** What keeping a document and its revisions in step needs. */
export interface HeadSyncServices {
  db: Kysely<Database>;
  dialect: DialectName;
  contentWrites: ContentWriteServices;
  clock: { now(): Date };
  logger: Logger;
  /** This process, as the owner of the documents it writes. */
  processId: string;
  writePageRevision(
    target: LiveDocument['target'],
    authors: readonly Actor[],
    document: ReturnType<typeof documentOf>,
    at: { onHead: string; now: Date },
  ): Promise<string>;
}

/** How long a process writes a document's revisions after it last claimed it. */
const ownershipMs = 30_000;

/**
 * Brings a document and its revisions in step, when this process is the one that writes it:
 * first a revision another route wrote since (an API batch, a merge from the space, a Git push)
 * is merged in, then what people typed since the last revision is written as a new one, with
 * them as its authors, on the head it was merged with (another route that writes in between
 * makes the write a 409: that revision is merged in, and the write tried again). Run one at a
 * time per document (`work`).
 */
export async function syncWithHead(
  services: HeadSyncServices,
  live: LiveDocument,
  options: {
    write: boolean;
    /**
     * Folds the appended updates into the stored state. Only the writing process folds: the
     * updates say who typed them, which the state does not, and the writer learns its authors
     * from the updates other processes appended.
     */
    compact?: () => Promise<void>;
  },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await syncOnce(services, live, options);
      return;
    } catch (error) {
      const headMoved = error instanceof DomainError && error.kind === 'conflict';
      if (!headMoved || attempt >= 5) throw error;
    }
  }
}

async function syncOnce(
  services: HeadSyncServices,
  live: LiveDocument,
  { write, compact }: Parameters<typeof syncWithHead>[2],
) {
  const { db, clock } = services;
  const now = clock.now();
  const until = new Date(now.getTime() + ownershipMs).toISOString();
  if (!(await claimCollabDocument(db, live.name, services.processId, now.toISOString(), until))) {
    return;
  }
  await compact?.();
  const stored = await findCollabDocument(db, live.name);
  const head = await headOf(db, live.target);
  if (stored === undefined || head === undefined) return;
  const current = await pageDocumentAt(db, live.target.spaceId, head, live.target.pageId);
  if (current === undefined) {
    // The page is gone from the head: nothing to merge or write; the writers' next save says so.
    services.logger.info({ document: live.name, revision: head }, 'collab: page left the head');
    return;
  }
  if (head !== stored.baseRevisionId) await mergeRevision(services, live, stored, head, current);
  if (!write || live.typists.size === 0) return;

  // One instant: the page, the Yjs state it is, and who typed it. Whatever comes after is for
  // the next revision, and the state stays the exact base of this one.
  const typed = documentOf(live.document);
  const state = Y.encodeStateAsUpdate(live.document);
  const typists = [...live.typists];
  live.typists.clear();
  try {
    if (isDeepStrictEqual(typed, current)) {
      await setCollabBase(db, live.name, { revisionId: head, state }, now.toISOString());
      return;
    }
    const authors = await actorsOf(db, typists);
    if (authors.length === 0) return;
    // If this process dies before the base moves, the next owner finds the revision it wrote by
    // this state, and does not take it for another route's change to merge in again.
    await noteCollabWriting(db, live.name, state);
    const revisionId = await services.writePageRevision(live.target, authors, typed, {
      onHead: head,
      now,
    });
    await setCollabBase(db, live.name, { revisionId, state }, clock.now().toISOString());
  } catch (error) {
    for (const id of typists) live.typists.add(id);
    throw error;
  }
}

/**
 * Merges a revision another route wrote into the document: the change from the base to it is
 * made on a copy of the base's Yjs state and applied here, so what people typed meanwhile stays.
 * The update is stored (and so reaches the other processes) with the new base, in one
 * transaction.
 */
async function mergeRevision(
  services: HeadSyncServices,
  live: LiveDocument,
  stored: NonNullable<Awaited<ReturnType<typeof findCollabDocument>>>,
  head: string,
  theirs: GitBookDocument,
): Promise<void> {
  const { db, clock } = services;
  const at = clock.now().toISOString();
  const written = stored.writingState;
  if (written !== null && isDeepStrictEqual(documentOf(yDocFromUpdates([written])), theirs)) {
    await setCollabBase(db, live.name, { revisionId: head, state: written }, at);
    return;
  }
  if (isDeepStrictEqual(documentOf(yDocFromUpdates([stored.baseState])), theirs)) {
    await setCollabBase(db, live.name, { revisionId: head, state: stored.baseState }, at);
    return;
  }
  const update = updateTowards(stored.baseState, theirs);
  const base = Y.mergeUpdates([stored.baseState, update]);
  const id = await db.transaction().execute(async (trx) => {
    const appended = await appendCollabUpdate(
      trx,
      services.dialect,
      { name: live.name, update, userId: null, origin: services.processId },
      at,
    );
    await setCollabBase(trx, live.name, { revisionId: head, state: base }, at);
    return appended;
  });
  live.unfolded.add(id);
  Y.applyUpdate(live.document, update, storedOrigin);
  services.logger.info({ document: live.name, revision: head }, 'collab: merged a revision in');
}

/** The typists as actors, in the order they typed; one deleted since is left out. */
async function actorsOf(db: Kysely<Database>, typists: readonly string[]): Promise<Actor[]> {
  const users = await findUsersByIds(db, typists);
  return typists.flatMap((id) => {
    const user = users.get(id);
    return user === undefined ? [] : [{ user }];
  });
}
