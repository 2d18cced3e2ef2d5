import type { Selectable } from 'kysely';
import { keysetPage, type Page, type PageRequest } from './pagination.js';
import type { CommentRepliesTable, Executor } from './schema.js';

/** A stored reply to a comment. */
export interface CommentReplyRecord {
  id: string;
  commentId: string;
  authorId: string;
  /** The body as a JSON document. */
  body: string;
  postedAt: string;
  editedAt: string | null;
}

function toReply(row: Selectable<CommentRepliesTable>): CommentReplyRecord {
  return {
    id: row.id,
    commentId: row.comment_id,
    authorId: row.author_id,
    body: row.body,
    postedAt: row.posted_at,
    editedAt: row.edited_at,
  };
}

/** Stores a new reply. */
export async function insertReply(db: Executor, reply: CommentReplyRecord): Promise<void> {
  await db
    .insertInto('comment_replies')
    .values({
      id: reply.id,
      comment_id: reply.commentId,
      author_id: reply.authorId,
      body: reply.body,
      posted_at: reply.postedAt,
      edited_at: reply.editedAt,
    })
    .execute();
}

/** A reply to a comment by id. */
export async function findReply(
  db: Executor,
  commentId: string,
  id: string,
): Promise<CommentReplyRecord | undefined> {
  const row = await db
    .selectFrom('comment_replies')
    .selectAll()
    .where('comment_id', '=', commentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toReply(row);
}

/** A page of a comment's replies, by time of posting. */
export async function listReplies(
  db: Executor,
  commentId: string,
  order: 'asc' | 'desc',
  request: PageRequest,
): Promise<Page<CommentReplyRecord>> {
  const page = await keysetPage(
    db.selectFrom('comment_replies').where('comment_replies.comment_id', '=', commentId),
    (query) => query.selectAll('comment_replies'),
    {
      columns: ['comment_replies.posted_at', 'comment_replies.id'],
      direction: order,
      cursorOf: (row) => [row.posted_at, row.id],
    },
    request,
  );
  return { ...page, items: page.items.map(toReply) };
}

/** Replaces a reply's body. */
export async function updateReplyBody(
  db: Executor,
  id: string,
  body: string,
  editedAt: string,
): Promise<void> {
  await db
    .updateTable('comment_replies')
    .set({ body, edited_at: editedAt })
    .where('id', '=', id)
    .execute();
}

/** Deletes a reply and its reactions; answers whether it existed. */
export async function deleteReply(db: Executor, commentId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('comment_reactions')
    .where('comment_id', '=', commentId)
    .where('reply_id', '=', id)
    .execute();
  const result = await db
    .deleteFrom('comment_replies')
    .where('comment_id', '=', commentId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Who replied to a comment: how many replies each author posted there, and when last. */
export interface ReplierRecord {
  commentId: string;
  userId: string;
  count: number;
  lastPostedAt: string;
}

/** The repliers of each of these comments, most recent first. */
export async function listRepliers(
  db: Executor,
  commentIds: readonly string[],
): Promise<ReplierRecord[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectFrom('comment_replies')
    .select((eb) => [
      'comment_id',
      'author_id',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('posted_at').as('last_posted_at'),
    ])
    .where('comment_id', 'in', commentIds)
    .groupBy(['comment_id', 'author_id'])
    .orderBy('last_posted_at', 'desc')
    .orderBy('author_id')
    .execute();
  return rows.map((row) => ({
    commentId: row.comment_id,
    userId: row.author_id,
    count: Number(row.count),
    lastPostedAt: row.last_posted_at,
  }));
}
