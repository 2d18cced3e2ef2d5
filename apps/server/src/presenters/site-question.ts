import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import type {
  AnsweredRow,
  SiteQuestionAnswerSourceRow,
  SiteQuestionRow,
} from '../store/site-questions.js';
import { presentDocument } from './json-document.js';
import type { Urls } from './urls.js';

type Schemas = components['schemas'];

/** Where a site's questions live in the API. */
interface SiteOf {
  organizationId: string;
  siteId: string;
}

const siteApi = (urls: Urls, { organizationId, siteId }: SiteOf, ...segments: string[]) =>
  urls.api('orgs', organizationId, 'sites', siteId, ...segments);

/** A question readers asked, with counts over its answers. */
export function presentSiteQuestion(
  question: SiteQuestionRow,
  stats: Schemas['SiteQuestionStats'],
  site: SiteOf,
  urls: Urls,
): Schemas['SiteQuestion'] {
  return {
    object: 'site-question',
    id: question.id,
    question: question.question,
    type: question.type as Schemas['SiteQuestionType'],
    createdAt: question.created_at,
    askedAt: question.asked_at,
    stats,
    urls: { location: siteApi(urls, site, 'questions', question.id) },
  };
}

/** One answer a site gave. */
export function presentSiteAnswer(
  answer: AnsweredRow,
  site: SiteOf,
  urls: Urls,
): Schemas['SiteQuestionAnswer'] {
  const rating = answer.feedback_rating;
  return {
    object: 'site-question-answer',
    id: answer.id,
    question: {
      id: answer.question_id,
      type: answer.question_type as Schemas['SiteQuestionType'],
    },
    topics: [],
    input: { text: answer.input_text, raw: answer.input_raw },
    thread: { id: answer.thread_id, previous: answer.previous_id ?? '' },
    ...(answer.session_id === null || answer.visitor_id === null
      ? {}
      : { session: { sessionId: answer.session_id, visitorId: answer.visitor_id } }),
    ...(rating === 1 || rating === -1 ? { feedback: { rating } } : {}),
    responseId: answer.id,
    language: answer.language,
    answered: answer.answered as Schemas['SiteQuestionAnswerResolution'],
    helpfulness: rating === 1 ? 'high' : rating === -1 ? 'low' : 'medium',
    relevance: answer.relevance as Schemas['SiteQuestionAnswerRelevance'],
    ...(answer.failure === null ? {} : { failure: answer.failure }),
    channel: { type: answer.channel_type as Schemas['SiteChannelType'] },
    createdAt: answer.created_at,
    updatedAt: answer.updated_at,
    urls: { location: siteApi(urls, site, 'answers', answer.id) },
  };
}

/** An answer with what the model wrote, as one final step of a message (none when it failed). */
export function presentSiteAnswerWithResponse(
  answer: AnsweredRow,
  written: Document | undefined,
  site: SiteOf,
  urls: Urls,
): Schemas['SiteQuestionAnswerWithResponse'] {
  return {
    ...presentSiteAnswer(answer, site, urls),
    response: {
      id: answer.id,
      role: 'assistant',
      steps:
        written === undefined ? [] : [{ content: presentDocument(written), phase: 'final_answer' }],
      createdAt: answer.created_at,
    },
  };
}

/** A page answers cited, weighted by how many of them cited it. */
export function presentAnswerSource(
  source: SiteQuestionAnswerSourceRow,
  weight: number,
): Schemas['SiteQuestionAnswerSource'] {
  return {
    object: 'site-question-answer-source',
    id: `${source.space_id}:${source.page_id}`,
    weight,
    title: source.title,
    urls: { location: source.url },
    type: 'page',
    space: source.space_id,
    revision: source.revision_id,
    page: source.page_id,
  };
}
