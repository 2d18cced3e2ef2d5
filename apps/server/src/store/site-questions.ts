import type {
  Executor,
  SiteAgentFeedbackTable,
  SiteQuestionAnswerSourcesTable,
  SiteQuestionAnswersTable,
  SiteQuestionsTable,
} from './schema.js';

export type SiteQuestionRow = SiteQuestionsTable;
export type SiteQuestionAnswerRow = SiteQuestionAnswersTable;
export type SiteQuestionAnswerSourceRow = SiteQuestionAnswerSourcesTable;

/** An answer with the kind of its question, as the owners' reads filter and count them. */
export type AnsweredRow = SiteQuestionAnswerRow & { question_type: string };

/** Which answers an owners' read keeps. */
export interface AnswerFilter {
  from?: string | undefined;
  to?: string | undefined;
  answered?: readonly string[] | undefined;
  relevance?: readonly string[] | undefined;
  channelType?: readonly string[] | undefined;
  questionId?: string | undefined;
  questionType?: string | undefined;
  threadId?: string | undefined;
  /** 1, -1, or null for unrated. */
  rating?: number | null | undefined;
}

/**
 * Records one answer: its question (made on its first asking, its `asked_at` moved on every
 * other), the answer and its sources, in one transaction the caller holds.
 */
export async function insertAnswer(
  db: Executor,
  question: SiteQuestionRow,
  answer: Omit<SiteQuestionAnswerRow, 'question_id'>,
  sources: readonly Omit<SiteQuestionAnswerSourceRow, 'answer_id'>[],
): Promise<{ questionId: string }> {
  const stored = await db
    .insertInto('site_questions')
    .values(question)
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'grouped_as']).doUpdateSet({ asked_at: question.asked_at }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('site_question_answers')
    .values({ ...answer, question_id: stored.id })
    .execute();
  if (sources.length > 0) {
    await db
      .insertInto('site_question_answer_sources')
      .values(sources.map((source) => ({ ...source, answer_id: answer.id })))
      .execute();
  }
  return { questionId: stored.id };
}

export function findAnswer(
  db: Executor,
  siteId: string,
  answerId: string,
): Promise<AnsweredRow | undefined> {
  return answersOf(db, siteId).where('a.id', '=', answerId).executeTakeFirst();
}

export function findQuestion(
  db: Executor,
  siteId: string,
  questionId: string,
): Promise<SiteQuestionRow | undefined> {
  return db
    .selectFrom('site_questions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', questionId)
    .executeTakeFirst();
}

/** The answers of a site the filter keeps, the newest first. */
export function listAnswers(
  db: Executor,
  siteId: string,
  filter: AnswerFilter,
): Promise<AnsweredRow[]> {
  let query = answersOf(db, siteId);
  if (filter.from !== undefined) query = query.where('a.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('a.created_at', '<', filter.to);
  if (filter.answered?.length) query = query.where('a.answered', 'in', [...filter.answered]);
  if (filter.relevance?.length) query = query.where('a.relevance', 'in', [...filter.relevance]);
  if (filter.channelType?.length) {
    query = query.where('a.channel_type', 'in', [...filter.channelType]);
  }
  if (filter.questionId !== undefined) query = query.where('a.question_id', '=', filter.questionId);
  if (filter.questionType !== undefined) query = query.where('q.type', '=', filter.questionType);
  if (filter.threadId !== undefined) query = query.where('a.thread_id', '=', filter.threadId);
  if (filter.rating !== undefined) {
    query =
      filter.rating === null
        ? query.where('a.feedback_rating', 'is', null)
        : query.where('a.feedback_rating', '=', filter.rating);
  }
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').execute();
}

/** The questions of a site by id. */
export async function findQuestionsById(
  db: Executor,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, SiteQuestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('site_questions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The sources of answers, in each answer's order. */
export function listSources(
  db: Executor,
  answerIds: readonly string[],
): Promise<SiteQuestionAnswerSourceRow[]> {
  if (answerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('site_question_answer_sources')
    .selectAll()
    .where('answer_id', 'in', [...answerIds])
    .orderBy('answer_id')
    .orderBy('ordinal')
    .execute();
}

/** Sets a reader's rating of an answer of a site; false when the site has no such answer. */
export async function rateAnswer(
  db: Executor,
  siteId: string,
  answerId: string,
  rating: 1 | -1,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('site_question_answers')
    .set({ feedback_rating: rating, updated_at: now })
    .where('site_id', '=', siteId)
    .where('id', '=', answerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Removes the answers given before `cutoff`, their sources, the questions left without any
 * answer, and agents' feedback older than it; answers how many answers there were.
 */
export async function deleteAnswersBefore(db: Executor, cutoff: string): Promise<number> {
  const old = db.selectFrom('site_question_answers').select('id').where('created_at', '<', cutoff);
  await db.deleteFrom('site_question_answer_sources').where('answer_id', 'in', old).execute();
  await db.deleteFrom('site_agent_feedback').where('created_at', '<', cutoff).execute();
  const result = await db
    .deleteFrom('site_question_answers')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  await db
    .deleteFrom('site_questions')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('site_question_answers as a')
            .select('a.id')
            .whereRef('a.question_id', '=', 'site_questions.id'),
        ),
      ),
    )
    .execute();
  return Number(result.numDeletedRows);
}

function answersOf(db: Executor, siteId: string) {
  return db
    .selectFrom('site_question_answers as a')
    .innerJoin('site_questions as q', 'q.id', 'a.question_id')
    .selectAll('a')
    .select('q.type as question_type')
    .where('a.site_id', '=', siteId);
}

/**
 * The latest well-answered askings of the sites' questions (at most `limit`), each with the
 * spaces of the pages it cited: what recommended questions are chosen from.
 */
export async function wellAnsweredQuestions(
  db: Executor,
  siteIds: readonly string[],
  limit: number,
): Promise<{ questionId: string; question: string; spaceIds: string[] }[]> {
  if (siteIds.length === 0) return [];
  const answers = await db
    .selectFrom('site_question_answers as a')
    .innerJoin('site_questions as q', 'q.id', 'a.question_id')
    .select(['a.id', 'q.id as question_id', 'q.question'])
    .where('a.site_id', 'in', [...siteIds])
    .where('a.answered', '=', 'yes')
    .orderBy('a.created_at', 'desc')
    .limit(limit)
    .execute();
  const sources = await listSources(
    db,
    answers.map((answer) => answer.id),
  );
  const spacesOf = new Map<string, string[]>();
  for (const source of sources) {
    spacesOf.set(source.answer_id, [...(spacesOf.get(source.answer_id) ?? []), source.space_id]);
  }
  return answers.map((answer) => ({
    questionId: answer.question_id,
    question: answer.question,
    spaceIds: spacesOf.get(answer.id) ?? [],
  }));
}

/** The ids of an organization's sites. */
export async function listSiteIdsOfOrganization(
  db: Executor,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('sites')
    .select('id')
    .where('organization_id', '=', organizationId)
    .execute();
  return rows.map((row) => row.id);
}

/** Titles of pages of the heads of these spaces, at most `limit`, the shallowest first. */
export async function pageTitlesOf(
  db: Executor,
  spaceIds: readonly string[],
  limit: number,
): Promise<string[]> {
  if (spaceIds.length === 0) return [];
  const rows = await db
    .selectFrom('indexed_pages')
    .select(['title', 'path'])
    .where('space_id', 'in', [...spaceIds])
    .orderBy('path')
    .limit(limit * 4)
    .execute();
  const depth = (path: string) => path.split('/').length;
  return rows
    .sort((a, b) => depth(a.path) - depth(b.path))
    .slice(0, limit)
    .map((row) => row.title);
}

/** Stores what an agent reported about a site. */
export async function insertAgentFeedback(
  db: Executor,
  row: SiteAgentFeedbackTable,
): Promise<void> {
  await db.insertInto('site_agent_feedback').values(row).execute();
}
