import { sql } from 'kysely';
import { chunks } from './chunks.js';
import type { DialectName } from './database/dialect.js';
import type { CollabDocumentsTable, Executor } from './schema.js';

/** The channel collaborative updates and presence are announced on (PostgreSQL). */
export const collabChannel = 'quire_collab';

/** A document people edit together, as stored. */
export interface CollabDocumentRecord {
  name: string;
  spaceId: string;
  changeRequestId: string | null;
  pageId: string;
  /** The Yjs state as last compacted; the updates appended since complete it. */
  state: Uint8Array;
  /** The revision the document was last written as, or merged from. */
  baseRevisionId: string;
  /** The Yjs state at that revision: what a later revision by another route is a change from. */
  baseState: Uint8Array;
  /** The state a revision is being written from, until that revision is the base. */
  writingState: Uint8Array | null;
}

/** An update appended to a document. */
export interface CollabUpdateRecord {
  id: number;
  update: Uint8Array;
  userId: string | null;
}

const documentColumns = [
  'name',
  'space_id',
  'change_request_id',
  'page_id',
  'state',
  'base_revision_id',
  'base_state',
  'writing_state',
] as const;

function toDocument(
  row: Pick<CollabDocumentsTable, (typeof documentColumns)[number]>,
): CollabDocumentRecord {
  return {
    name: row.name,
    spaceId: row.space_id,
    changeRequestId: row.change_request_id,
    pageId: row.page_id,
    state: new Uint8Array(row.state),
    baseRevisionId: row.base_revision_id,
    baseState: new Uint8Array(row.base_state),
    writingState: row.writing_state === null ? null : new Uint8Array(row.writing_state),
  };
}

/** The stored document of that name, if any. */
export async function findCollabDocument(
  db: Executor,
  name: string,
): Promise<CollabDocumentRecord | undefined> {
  const row = await db
    .selectFrom('collab_documents')
    .select(documentColumns)
    .where('name', '=', name)
    .executeTakeFirst();
  return row === undefined ? undefined : toDocument(row);
}

/**
 * Stores a new document unless one of that name exists (another process made it first): the
 * stored one is answered either way, so every process starts from the same Yjs state.
 */
export async function insertCollabDocumentUnlessExists(
  db: Executor,
  document: Omit<CollabDocumentRecord, 'writingState'>,
  now: string,
): Promise<CollabDocumentRecord> {
  await db
    .insertInto('collab_documents')
    .values({
      name: document.name,
      space_id: document.spaceId,
      change_request_id: document.changeRequestId,
      page_id: document.pageId,
      state: document.state,
      base_revision_id: document.baseRevisionId,
      base_state: document.baseState,
      writing_state: null,
      owner_id: null,
      owner_until: null,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await findCollabDocument(db, document.name);
  if (stored === undefined) throw new Error(`Collaborative document ${document.name} vanished`);
  return stored;
}

/** The updates appended to a document after `afterId`, oldest first. */
export async function listCollabUpdates(
  db: Executor,
  name: string,
  afterId = 0,
): Promise<CollabUpdateRecord[]> {
  const rows = await db
    .selectFrom('collab_updates')
    .select(['id', 'update', 'user_id'])
    .where('name', '=', name)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    update: new Uint8Array(row.update),
    userId: row.user_id,
  }));
}

/**
 * Appends an update; on PostgreSQL every process is told as it commits (`collabChannel`), so
 * those holding the document apply it too. Answers the update's id.
 */
export async function appendCollabUpdate(
  db: Executor,
  dialect: DialectName,
  update: { name: string; update: Uint8Array; userId: string | null; origin: string },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('collab_updates')
    .values({ name: update.name, update: update.update, user_id: update.userId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (dialect === 'postgres') {
    const payload = JSON.stringify({
      kind: 'update',
      name: update.name,
      id,
      origin: update.origin,
    });
    await sql`select pg_notify(${collabChannel}, ${payload})`.execute(db);
  }
  return id;
}

/** Tells every process something about a document, with no row behind it (presence). */
export async function announceCollab(db: Executor, payload: unknown): Promise<void> {
  await sql`select pg_notify(${collabChannel}, ${JSON.stringify(payload)})`.execute(db);
}

/**
 * Folds what this process holds into the stored state: the stored state merged with `state` (so
 * what another process folded in is kept), then the updates it includes, `folded`, dropped.
 */
export async function compactCollabDocument(
  db: Executor,
  dialect: DialectName,
  name: string,
  merge: (stored: Uint8Array) => Uint8Array,
  folded: readonly number[],
  now: string,
): Promise<void> {
  const row = await db
    .selectFrom('collab_documents')
    .select('state')
    .where('name', '=', name)
    // SQLite writes one transaction at a time already.
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (row === undefined) return;
  await db
    .updateTable('collab_documents')
    .set({ state: merge(new Uint8Array(row.state)), updated_at: now })
    .where('name', '=', name)
    .execute();
  for (const ids of chunks(folded)) {
    await db.deleteFrom('collab_updates').where('name', '=', name).where('id', 'in', ids).execute();
  }
}

/**
 * Makes `owner` the process that writes the document's revisions until `until`, when nobody
 * else holds it now: true when it does.
 */
export async function claimCollabDocument(
  db: Executor,
  name: string,
  owner: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('collab_documents')
    .set({ owner_id: owner, owner_until: until })
    .where('name', '=', name)
    .where((eb) =>
      eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', owner), eb('owner_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lets go of the document, so another process may write it. */
export async function releaseCollabDocument(
  db: Executor,
  name: string,
  owner: string,
): Promise<void> {
  await db
    .updateTable('collab_documents')
    .set({ owner_id: null, owner_until: null })
    .where('name', '=', name)
    .where('owner_id', '=', owner)
    .execute();
}

/** Notes the state a revision is about to be written from (see `writingState`). */
export async function noteCollabWriting(
  db: Executor,
  name: string,
  state: Uint8Array | null,
): Promise<void> {
  await db
    .updateTable('collab_documents')
    .set({ writing_state: state })
    .where('name', '=', name)
    .execute();
}

/** Makes `revisionId`, with the Yjs state of that moment, the document's base. */
export async function setCollabBase(
  db: Executor,
  name: string,
  base: { revisionId: string; state: Uint8Array },
  now: string,
): Promise<void> {
  await db
    .updateTable('collab_documents')
    .set({
      base_revision_id: base.revisionId,
      base_state: base.state,
      writing_state: null,
      updated_at: now,
    })
    .where('name', '=', name)
    .execute();
}
