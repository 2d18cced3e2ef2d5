import type { Executor } from './schema.js';

/** What reactions belong to: a comment, or one of its replies. */
export interface ReactionSubject {
  commentId: string;
  /** `null` for the comment itself. */
  replyId: string | null;
}

/** One person's reaction with one emoji. */
export interface ReactionRecord {
  subjectId: string;
  emoji: string;
  userId: string;
  reactedAt: string;
}

/**
 * Adds `userId`'s reactions; one that exists already is left as it was (with its first time),
 * and concurrent adds by different people are separate rows, so none is lost.
 */
export async function addReactions(
  db: Executor,
  subject: ReactionSubject,
  userId: string,
  emoji: readonly string[],
  reactedAt: string,
): Promise<void> {
  if (emoji.length === 0) return;
  await db
    .insertInto('comment_reactions')
    .values(
      [...new Set(emoji)].map((one) => ({
        comment_id: subject.commentId,
        reply_id: subject.replyId ?? '',
        emoji: one,
        user_id: userId,
        reacted_at: reactedAt,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['comment_id', 'reply_id', 'emoji', 'user_id']).doNothing(),
    )
    .execute();
}

/** Removes `userId`'s reactions with these emoji; answers how many there were. */
export async function removeReactions(
  db: Executor,
  subject: ReactionSubject,
  userId: string,
  emoji: readonly string[],
): Promise<number> {
  if (emoji.length === 0) return 0;
  const result = await db
    .deleteFrom('comment_reactions')
    .where('comment_id', '=', subject.commentId)
    .where('reply_id', '=', subject.replyId ?? '')
    .where('user_id', '=', userId)
    .where('emoji', 'in', [...emoji])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The reactions to some comments themselves (`replyIds` absent) or to some replies of one
 * comment, oldest first; `subjectId` is the comment's id or the reply's.
 */
export async function reactionsOf(
  db: Executor,
  commentIds: readonly string[],
  replyIds?: readonly string[],
): Promise<ReactionRecord[]> {
  if (commentIds.length === 0 || replyIds?.length === 0) return [];
  const rows = await db
    .selectFrom('comment_reactions')
    .selectAll()
    .where('comment_id', 'in', [...commentIds])
    .$if(replyIds === undefined, (query) => query.where('reply_id', '=', ''))
    .$if(replyIds !== undefined, (query) => query.where('reply_id', 'in', [...(replyIds ?? [])]))
    .orderBy('reacted_at')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => ({
    subjectId: row.reply_id === '' ? row.comment_id : row.reply_id,
    emoji: row.emoji,
    userId: row.user_id,
    reactedAt: row.reacted_at,
  }));
}
