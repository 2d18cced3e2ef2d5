import type { components } from '@quire/contract';
import type { Actor } from '../domain/actor.js';
import { questionStats } from '../domain/ask/question-stats.js';
import { inThreadOrder } from '../domain/ask/thread-order.js';
import { loadSiteForMember } from '../domain/sites/site-access.js';
import { notFound } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { presentList } from '../presenters/list.js';
import {
  presentAnswerSource,
  presentSiteAnswer,
  presentSiteAnswerWithResponse,
  presentSiteQuestion,
} from '../presenters/site-question.js';
import type { AppServices } from '../services/app-services.js';
import { arrayPage } from '../store/pagination.js';
import {
  type AnsweredRow,
  type AnswerFilter,
  findAnswer,
  findQuestion,
  findQuestionsById,
  listAnswers,
  listSources,
  type SiteQuestionAnswerSourceRow,
} from '../store/site-questions.js';
import { pageRequest } from './page-request.js';

type SiteQuestionHandlers = Pick<
  HandlerTable,
  | 'listSiteQuestions'
  | 'getSiteQuestionById'
  | 'listSiteQuestionSources'
  | 'getSiteQuestionStats'
  | 'listSiteQuestionAnswers'
  | 'getSiteQuestionAnswerById'
  | 'getSiteQuestionAnswerThreadById'
  | 'listSiteQuestionAnswerSources'
>;

type Schemas = components['schemas'];
type SiteParams = { organizationId: string; siteId: string };

/** The filters every owners' read takes. */
interface RangeQuery {
  from?: string;
  to?: string;
  relevance?: Schemas['SiteQuestionAnswerRelevance'][];
  channelType?: Schemas['SiteChannelType'][];
  answered?: Schemas['SiteQuestionAnswerResolution'][];
}

// Lists in an order of their own are paged by rank, zero-padded so the keys sort as the ranks.
const rankKey = (rank: number) => String(rank).padStart(8, '0');

/** Handlers of what readers asked a site: questions, answers and their sources, for the site's members. */
export const siteQuestionHandlers: SiteQuestionHandlers = {
  listSiteQuestions: async ({ params, query, actor, services }) => {
    await siteOfMember(services, actor, params);
    const answers = await listAnswers(services.db, params.siteId, {
      ...filterOf(query),
      questionType: query.type,
    });
    const byQuestion = groupBy(answers, (answer) => answer.question_id);
    const questions = await findQuestionsById(services.db, params.siteId, [...byQuestion.keys()]);
    const until = untilOf(query, services);
    const listed = [...byQuestion].flatMap(([id, itsAnswers]) => {
      const question = questions.get(id);
      return question === undefined ? [] : [{ question, stats: questionStats(itsAnswers, until) }];
    });
    const sortValue = (item: (typeof listed)[number]): string | number => {
      switch (query.sort) {
        case 'stats.answered':
          return item.stats.answered.yes;
        case 'stats.feedback':
          return item.stats.feedback.positive - item.stats.feedback.negative;
        case 'stats.answers':
          return item.stats.answers;
        default:
          return item.question.asked_at;
      }
    };
    const direction = query.order === 'asc' ? 1 : -1;
    listed.sort((a, b) => {
      const [left, right] = [sortValue(a), sortValue(b)];
      const compared =
        left < right ? -1 : left > right ? 1 : a.question.id.localeCompare(b.question.id);
      return compared * direction;
    });
    const ranked = listed.map((item, rank) => ({ ...item, rank }));
    const page = arrayPage(ranked, (item) => rankKey(item.rank), pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (item) =>
        presentSiteQuestion(item.question, item.stats, params, services.urls),
      ),
    };
  },

  getSiteQuestionById: async ({ params, query, actor, services }) => {
    await siteOfMember(services, actor, params);
    const { question, answers } = await questionWithAnswers(services, params, query);
    return {
      status: 200,
      body: presentSiteQuestion(
        question,
        questionStats(answers, untilOf(query, services)),
        params,
        services.urls,
      ),
    };
  },

  listSiteQuestionSources: async ({ params, query, actor, services }) => {
    await siteOfMember(services, actor, params);
    const { answers } = await questionWithAnswers(services, params, query);
    const sources = await listSources(
      services.db,
      answers.map((answer) => answer.id),
    );
    const byPage = groupBy(sources, (source) => `${source.space_id}:${source.page_id}`);
    const weighted = [...byPage.values()]
      .map((cited) => ({ source: newestOf(cited), weight: cited.length }))
      .sort((a, b) => b.weight - a.weight || a.source.title.localeCompare(b.source.title))
      .map((item, rank) => ({ ...item, rank }));
    const page = arrayPage(weighted, (item) => rankKey(item.rank), pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (item) => presentAnswerSource(item.source, item.weight)),
    };
  },

  getSiteQuestionStats: async ({ params, query, actor, services }) => {
    await siteOfMember(services, actor, params);
    const answers = await listAnswers(services.db, params.siteId, filterOf(query));
    return { status: 200, body: questionStats(answers, untilOf(query, services)) };
  },

  listSiteQuestionAnswers: async ({ params, query, actor, services }) => {
    await siteOfMember(services, actor, params);
    const answers = await listAnswers(services.db, params.siteId, {
      ...filterOf(query),
      questionId: query.question,
      questionType: query['question.type'],
      threadId: query.thread,
      rating:
        query.helpfulness === undefined
          ? undefined
          : { high: 1, low: -1, medium: null }[query.helpfulness],
    });
    const ranked = answers.map((answer, rank) => ({ answer, rank }));
    const page = arrayPage(ranked, (item) => rankKey(item.rank), pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (item) => presentSiteAnswer(item.answer, params, services.urls)),
    };
  },

  getSiteQuestionAnswerById: async ({ params, actor, services }) => {
    await siteOfMember(services, actor, params);
    const answer = await answerOf(services, params.siteId, params.siteQuestionAnswerId);
    return { status: 200, body: await withResponse(services, answer, params) };
  },

  getSiteQuestionAnswerThreadById: async ({ params, actor, services }) => {
    await siteOfMember(services, actor, params);
    const answer = await answerOf(services, params.siteId, params.siteQuestionAnswerId);
    const thread = await listAnswers(services.db, params.siteId, { threadId: answer.thread_id });
    return {
      status: 200,
      body: await Promise.all(
        inThreadOrder(thread).map((turn) => withResponse(services, turn, params)),
      ),
    };
  },

  listSiteQuestionAnswerSources: async ({ params, query, actor, services }) => {
    await siteOfMember(services, actor, params);
    const answer = await answerOf(services, params.siteId, params.siteQuestionAnswerId);
    const sources = await listSources(services.db, [answer.id]);
    const page = arrayPage(sources, (source) => rankKey(source.ordinal), pageRequest(query));
    return {
      status: 200,
      body: presentList(page, (source) => presentAnswerSource(source, 1)),
    };
  },
};

/** The site, for a member of its organization who sees it (anyone else: 404). */
async function siteOfMember(services: AppServices, actor: Actor, params: SiteParams) {
  return loadSiteForMember(services.db, actor, params.organizationId, params.siteId);
}

/** A question of the site (else 404), with its answers the filters keep. */
async function questionWithAnswers(
  services: AppServices,
  params: SiteParams & { siteQuestionId: string },
  query: RangeQuery,
) {
  const question = await findQuestion(services.db, params.siteId, params.siteQuestionId);
  if (question === undefined) throw notFound(`Question ${params.siteQuestionId} not found`);
  const answers = await listAnswers(services.db, params.siteId, {
    ...filterOf(query),
    questionId: question.id,
  });
  return { question, answers };
}

async function answerOf(services: AppServices, siteId: string, answerId: string) {
  const answer = await findAnswer(services.db, siteId, answerId);
  if (answer === undefined) throw notFound(`Answer ${answerId} not found`);
  return answer;
}

async function withResponse(services: AppServices, answer: AnsweredRow, params: SiteParams) {
  const written =
    answer.answer_markdown === null
      ? undefined
      : (await services.documents.fromMarkdown(answer.answer_markdown)).document;
  return presentSiteAnswerWithResponse(answer, written, params, services.urls);
}

function filterOf(query: RangeQuery): AnswerFilter {
  return {
    from: query.from,
    to: query.to,
    relevance: query.relevance,
    channelType: query.channelType,
    answered: query.answered,
  };
}

/** The end of the range counted per week: its `to`, or now. */
function untilOf(query: RangeQuery, services: AppServices): Date {
  return query.to === undefined ? services.clock.now() : new Date(query.to);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Of one page's sources, the first listed (answers come newest first): its latest title and URL. */
function newestOf(sources: readonly SiteQuestionAnswerSourceRow[]): SiteQuestionAnswerSourceRow {
  const [first] = sources;
  if (first === undefined) throw new Error('A group of sources is never empty');
  return first;
}
