import { type Selectable, sql } from 'kysely';
import { type ChangeRequestStatus, changeRequestStatuses, storedEnum } from '../model/enums.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { ChangeRequestsTable, Executor } from './schema.js';
import { toUser, type UserRecord } from './users.js';

/** A stored change request. */
export interface ChangeRequestRecord {
  id: string;
  spaceId: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  /** What it is for, as a JSON document; `null` when none was set. */
  description: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Its current revision. */
  revisionId: string;
  /** The space's revision it was made from. */
  revisionInitial: string;
  revisionMergedAncestor: string | null;
  revisionMerged: string | null;
  /** How many of its comments are open. */
  commentsOpen: number;
}

/** A change request with the user who created it. */
export interface ChangeRequestWithAuthor {
  changeRequest: ChangeRequestRecord;
  author: UserRecord;
}

function toChangeRequest(row: Selectable<ChangeRequestsTable>): ChangeRequestRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    number: Number(row.number),
    status: storedEnum(changeRequestStatuses, row.status, 'change request status'),
    subject: row.subject,
    description: row.description,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    revisionId: row.revision_id,
    revisionInitial: row.revision_initial,
    revisionMergedAncestor: row.revision_merged_ancestor,
    revisionMerged: row.revision_merged,
    commentsOpen: Number(row.comments_open),
  };
}

function joinAuthor(db: Executor) {
  return db
    .selectFrom('change_requests')
    .innerJoin('users', 'users.id', 'change_requests.created_by');
}

function selectWithAuthor(query: ReturnType<typeof joinAuthor>) {
  return query
    .selectAll('change_requests')
    .select([
      'users.email as author_email',
      'users.display_name as author_display_name',
      'users.photo_url as author_photo_url',
      'users.created_at as author_created_at',
    ]);
}

type RowWithAuthor = Selectable<ChangeRequestsTable> & {
  author_email: string;
  author_display_name: string;
  author_photo_url: string | null;
  author_created_at: string;
};

function toChangeRequestWithAuthor(row: RowWithAuthor): ChangeRequestWithAuthor {
  return {
    changeRequest: toChangeRequest(row),
    author: toUser({
      id: row.created_by,
      email: row.author_email,
      display_name: row.author_display_name,
      photo_url: row.author_photo_url,
      created_at: row.author_created_at,
    }),
  };
}

/**
 * Takes the next change request number of a space: a conditional increment of its counter, so
 * concurrent creates each get their own number, without gaps (the transaction that took it
 * either commits the change request or gives the number back by rolling back).
 */
export async function takeChangeRequestNumber(db: Executor, spaceId: string): Promise<number> {
  const row = await db
    .updateTable('spaces')
    .set({ change_requests_total: sql`change_requests_total + 1` })
    .where('id', '=', spaceId)
    .returning('change_requests_total')
    .executeTakeFirstOrThrow();
  return Number(row.change_requests_total);
}

/** Moves a space's open and draft counters by the difference a status change makes. */
export async function countChangeRequestStatus(
  db: Executor,
  spaceId: string,
  from: ChangeRequestStatus | null,
  to: ChangeRequestStatus | null,
): Promise<void> {
  const delta = (status: ChangeRequestStatus) =>
    (to === status ? 1 : 0) - (from === status ? 1 : 0);
  if (delta('open') === 0 && delta('draft') === 0) return;
  await db
    .updateTable('spaces')
    .set({
      change_requests_open: sql`change_requests_open + ${delta('open')}`,
      change_requests_draft: sql`change_requests_draft + ${delta('draft')}`,
    })
    .where('id', '=', spaceId)
    .execute();
}

/** Stores a new change request. */
export async function insertChangeRequest(
  db: Executor,
  changeRequest: ChangeRequestRecord,
): Promise<void> {
  await db
    .insertInto('change_requests')
    .values({
      id: changeRequest.id,
      space_id: changeRequest.spaceId,
      number: changeRequest.number,
      status: changeRequest.status,
      subject: changeRequest.subject,
      description: changeRequest.description,
      created_by: changeRequest.createdBy,
      created_at: changeRequest.createdAt,
      updated_at: changeRequest.updatedAt,
      revision_id: changeRequest.revisionId,
      revision_initial: changeRequest.revisionInitial,
      revision_merged_ancestor: changeRequest.revisionMergedAncestor,
      revision_merged: changeRequest.revisionMerged,
    })
    .execute();
}

/** A change request of a space by its id or, for a string of digits, its number. */
export async function findChangeRequest(
  db: Executor,
  spaceId: string,
  idOrNumber: string,
): Promise<ChangeRequestWithAuthor | undefined> {
  const number = /^[1-9][0-9]{0,9}$/.test(idOrNumber) ? Number(idOrNumber) : undefined;
  const row = await selectWithAuthor(joinAuthor(db))
    .where('change_requests.space_id', '=', spaceId)
    .where((eb) =>
      number === undefined
        ? eb('change_requests.id', '=', idOrNumber)
        : eb.or([
            eb('change_requests.id', '=', idOrNumber),
            eb('change_requests.number', '=', number),
          ]),
    )
    .executeTakeFirst();
  return row && toChangeRequestWithAuthor(row);
}

/** A page of a space's change requests with a status (and author), newest first. */
export async function listChangeRequestsOfSpace(
  db: Executor,
  spaceId: string,
  filter: {
    status: ChangeRequestStatus;
    creators: readonly string[];
    /** Only those this user is asked to review. */
    requestedReviewer?: string | undefined;
    orderBy: 'updatedAt' | 'createdAt';
  },
  request: PageRequest,
): Promise<Page<ChangeRequestWithAuthor>> {
  const byUpdate = filter.orderBy === 'updatedAt';
  const page = await keysetPage(
    joinAuthor(db)
      .where('change_requests.space_id', '=', spaceId)
      .where('change_requests.status', '=', filter.status)
      // Every filter must hold: two different creators match nothing.
      .$call((query) =>
        filter.creators.reduce(
          (narrowed, creator) => narrowed.where('change_requests.created_by', '=', creator),
          query,
        ),
      )
      .$if(filter.requestedReviewer !== undefined, (query) =>
        query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('change_request_review_requests')
              .select('change_request_review_requests.user_id')
              .whereRef(
                'change_request_review_requests.change_request_id',
                '=',
                'change_requests.id',
              )
              .where('change_request_review_requests.user_id', '=', filter.requestedReviewer ?? ''),
          ),
        ),
      ),
    selectWithAuthor,
    {
      columns: [
        byUpdate ? 'change_requests.updated_at' : 'change_requests.created_at',
        'change_requests.id',
      ],
      direction: 'desc',
      cursorOf: (row) => [byUpdate ? row.updated_at : row.created_at, row.id],
    },
    request,
  );
  return mapPage(page, toChangeRequestWithAuthor);
}

/** Changes a change request's subject, description, status or timestamps. */
export async function updateChangeRequest(
  db: Executor,
  id: string,
  changes: Partial<Pick<ChangeRequestRecord, 'subject' | 'description' | 'status'>> & {
    updatedAt: string;
  },
): Promise<void> {
  await db
    .updateTable('change_requests')
    .set({
      subject: changes.subject,
      description: changes.description,
      status: changes.status,
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a change request's head from `expected` to `next`: answers false, changing nothing,
 * when another writer moved it first (compare-and-set).
 */
export async function moveChangeRequestHead(
  db: Executor,
  id: string,
  expected: string,
  next: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('change_requests')
    .set({ revision_id: next, updated_at: updatedAt })
    .where('id', '=', id)
    .where('revision_id', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks a change request merged into `revisionMerged`, if its head is still `expectedHead` and it
 * is still open or a draft; answers false, changing nothing, otherwise.
 */
export async function markChangeRequestMerged(
  db: Executor,
  id: string,
  expectedHead: string,
  revisionMerged: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('change_requests')
    .set({ status: 'merged', revision_merged: revisionMerged, updated_at: updatedAt })
    .where('id', '=', id)
    .where('revision_id', '=', expectedHead)
    .where('status', 'in', ['open', 'draft'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves a change request's head after an update from the space, recording the space revision it
 * now includes; compare-and-set on the head like {@link moveChangeRequestHead}.
 */
export async function moveChangeRequestHeadAfterUpdate(
  db: Executor,
  id: string,
  expectedHead: string,
  next: string,
  mergedAncestor: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('change_requests')
    .set({ revision_id: next, revision_merged_ancestor: mergedAncestor, updated_at: updatedAt })
    .where('id', '=', id)
    .where('revision_id', '=', expectedHead)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
