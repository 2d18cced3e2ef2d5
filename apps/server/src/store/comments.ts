import { type Selectable, sql } from 'kysely';
import { type MemberRecord, memberQuery, toMember } from './members.js';
import { keysetPage, mapPage, type Page, type PageRequest } from './pagination.js';
import type { CommentsTable, Executor } from './schema.js';

/** Where comments live: a space's own discussion, or one change request's. */
export interface CommentThread {
  spaceId: string;
  /** `null` for the space's own comments. */
  changeRequestId: string | null;
}

/** The page a comment is on, as it was when the comment was posted. */
export interface PageSnapshot {
  id: string;
  title: string;
  emoji?: string;
  icon?: string;
  createdAt: string;
  updatedAt: string;
  path: string;
}

/** What a comment is about beyond its thread: a page, and a block of it. */
export interface CommentAnchor {
  page: PageSnapshot;
  node?: { key: string; preview: string };
}

export type CommentStatus = 'open' | 'resolved';

/** A stored comment. */
export interface CommentRecord {
  id: string;
  thread: CommentThread;
  authorId: string;
  /** The body as a JSON document. */
  body: string;
  postedAt: string;
  editedAt: string | null;
  status: CommentStatus;
  resolvedAt: string | null;
  resolvedBy: string | null;
  replies: number;
  /** The revision the comment was posted on. */
  revisionId: string;
  anchor: CommentAnchor | null;
  /** The change request review the comment is about, if any. */
  reviewId: string | null;
}

/** Which comments a list shows, and in which order. */
export interface CommentFilter {
  status: 'all' | CommentStatus;
  targetPage?: string | undefined;
  authors?: readonly string[] | undefined;
  order: 'asc' | 'desc';
}

function toComment(row: Selectable<CommentsTable>): CommentRecord {
  const page: PageSnapshot | null =
    row.page_snapshot === null ? null : JSON.parse(row.page_snapshot);
  return {
    id: row.id,
    thread: {
      spaceId: row.space_id,
      changeRequestId: row.change_request_id === '' ? null : row.change_request_id,
    },
    authorId: row.author_id,
    body: row.body,
    postedAt: row.posted_at,
    editedAt: row.edited_at,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    resolvedAt: row.resolved_at,
    resolvedBy: row.resolved_by,
    replies: Number(row.replies),
    revisionId: row.revision_id,
    reviewId: row.review_id,
    anchor:
      page === null
        ? null
        : {
            page,
            ...(row.node_key === null
              ? {}
              : { node: { key: row.node_key, preview: row.node_preview ?? '' } }),
          },
  };
}

function inThread(db: Executor, thread: CommentThread) {
  return db
    .selectFrom('comments')
    .where('comments.space_id', '=', thread.spaceId)
    .where('comments.change_request_id', '=', thread.changeRequestId ?? '');
}

/** Stores a new comment. */
export async function insertComment(db: Executor, comment: CommentRecord): Promise<void> {
  await db
    .insertInto('comments')
    .values({
      id: comment.id,
      space_id: comment.thread.spaceId,
      change_request_id: comment.thread.changeRequestId ?? '',
      author_id: comment.authorId,
      body: comment.body,
      posted_at: comment.postedAt,
      edited_at: comment.editedAt,
      status: comment.status,
      resolved_at: comment.resolvedAt,
      resolved_by: comment.resolvedBy,
      revision_id: comment.revisionId,
      page_id: comment.anchor?.page.id ?? null,
      page_snapshot: comment.anchor === null ? null : JSON.stringify(comment.anchor.page),
      node_key: comment.anchor?.node?.key ?? null,
      node_preview: comment.anchor?.node?.preview ?? null,
      review_id: comment.reviewId,
    })
    .execute();
}

/** A comment of a thread by id. */
export async function findComment(
  db: Executor,
  thread: CommentThread,
  id: string,
): Promise<CommentRecord | undefined> {
  const row = await inThread(db, thread)
    .selectAll('comments')
    .where('comments.id', '=', id)
    .executeTakeFirst();
  return row && toComment(row);
}

/** A page of a thread's comments matching `filter`, by time of posting. */
export async function listComments(
  db: Executor,
  thread: CommentThread,
  filter: CommentFilter,
  request: PageRequest,
): Promise<Page<CommentRecord>> {
  const { status, targetPage, authors } = filter;
  const filtered = inThread(db, thread)
    .$if(status !== 'all', (query) => query.where('comments.status', '=', status))
    .$if(targetPage !== undefined, (query) =>
      query.where('comments.page_id', '=', targetPage ?? ''),
    )
    .$if(authors !== undefined, (query) => query.where('comments.author_id', 'in', authors ?? []));
  const page = await keysetPage(
    filtered,
    (query) => query.selectAll('comments'),
    {
      columns: ['comments.posted_at', 'comments.id'],
      direction: filter.order,
      cursorOf: (row) => [row.posted_at, row.id],
    },
    request,
  );
  return { ...page, items: page.items.map(toComment) };
}

/** Replaces a comment's body. */
export async function updateCommentBody(
  db: Executor,
  id: string,
  body: string,
  editedAt: string,
): Promise<void> {
  await db
    .updateTable('comments')
    .set({ body, edited_at: editedAt })
    .where('id', '=', id)
    .execute();
}

/**
 * Resolves (with who and when) or reopens a comment, if it is not in that state already:
 * answers whether it changed, so that of two people resolving at once only one moves the
 * counters.
 */
export async function setCommentStatus(
  db: Executor,
  id: string,
  resolution: { by: string; at: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({
      status: resolution === null ? 'open' : 'resolved',
      resolved_at: resolution?.at ?? null,
      resolved_by: resolution?.by ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', resolution === null ? 'resolved' : 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a comment (its replies and reactions go with it); answers its status if it existed. */
export async function deleteComment(db: Executor, id: string): Promise<CommentStatus | undefined> {
  // Replies and reactions cascade in the schema; deleting them here first keeps SQLite
  // databases opened without foreign keys as clean as PostgreSQL.
  await db.deleteFrom('comment_reactions').where('comment_id', '=', id).execute();
  await db.deleteFrom('comment_replies').where('comment_id', '=', id).execute();
  const row = await db
    .deleteFrom('comments')
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
  return row === undefined ? undefined : row.status === 'resolved' ? 'resolved' : 'open';
}

/** Moves a thread's counter of open comments (the space's, or the change request's) by `delta`. */
export async function countOpenComments(
  db: Executor,
  thread: CommentThread,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  const change = sql<number>`comments_open + ${delta}`;
  if (thread.changeRequestId === null) {
    await db
      .updateTable('spaces')
      .set({ comments_open: change })
      .where('id', '=', thread.spaceId)
      .execute();
  } else {
    await db
      .updateTable('change_requests')
      .set({ comments_open: change })
      .where('id', '=', thread.changeRequestId)
      .execute();
  }
}

/**
 * Moves a comment's counter of replies by `delta` (0 changes nothing but still locks the row
 * until the transaction ends, so that the comment cannot be deleted under a write to it);
 * answers whether the comment exists.
 */
export async function countReplies(
  db: Executor,
  commentId: string,
  delta: number,
): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ replies: sql<number>`replies + ${delta}` })
    .where('id', '=', commentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A page of the organization's members who posted a comment or a reply in the thread, by user
 * id; people who have left the organization since are not listed.
 */
export async function listCommenters(
  db: Executor,
  thread: CommentThread,
  organizationId: string,
  request: PageRequest,
): Promise<Page<MemberRecord>> {
  const commentAuthors = inThread(db, thread).select('comments.author_id as user_id');
  const replyAuthors = inThread(db, thread)
    .innerJoin('comment_replies', 'comment_replies.comment_id', 'comments.id')
    .select('comment_replies.author_id as user_id');
  const page = await keysetPage(
    memberQuery(db, organizationId).where((eb) =>
      eb.or([eb('users.id', 'in', commentAuthors), eb('users.id', 'in', replyAuthors)]),
    ),
    (query) => query.selectAll('organization_members').selectAll('users'),
    { columns: ['users.id', 'users.id'], direction: 'asc', cursorOf: (row) => [row.id, row.id] },
    request,
  );
  return mapPage(page, toMember);
}

/** The comments of a thread with these ids, by id; ids of no comment are left out. */
export async function findCommentsByIds(
  db: Executor,
  thread: CommentThread,
  ids: readonly string[],
): Promise<Map<string, CommentRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await inThread(db, thread)
    .selectAll('comments')
    .where('comments.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toComment(row)]));
}
