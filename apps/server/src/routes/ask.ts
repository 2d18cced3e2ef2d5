import { submitAgentFeedback } from '../domain/ask/agent-feedback.js';
import type { AnswerDraft } from '../domain/ask/answer-drafts.js';
import type { Candidate } from '../domain/ask/ask-candidates.js';
import { askOrganization } from '../domain/ask/ask-organization.js';
import { askSite } from '../domain/ask/ask-site.js';
import {
  recommendedInOrganization,
  recommendedInSite,
} from '../domain/ask/recommended-questions.js';
import type { HandlerTable } from '../http/handler.js';
import { type AnswerFormat, presentAskAnswer } from '../presenters/ask-answer.js';
import type { AppServices } from '../services/app-services.js';

type AskHandlers = Pick<
  HandlerTable,
  | 'askInOrganization'
  | 'streamAskInOrganization'
  | 'getRecommendedQuestionsInOrganization'
  | 'streamRecommendedQuestionsInOrganization'
  | 'streamAskInSite'
  | 'streamRecommendedQuestionsInSite'
  | 'submitAgentFeedbackToSite'
>;

/** Handlers of questions answered from the documentation: across an organization, and of a site. */
export const askHandlers: AskHandlers = {
  askInOrganization: async ({ params, query, body, actor, services }) => {
    const { candidates, drafts } = await askOrganization(
      services,
      actor,
      params.organizationId,
      body.query,
      body.previousQueries ?? [],
    );
    let last: AnswerDraft | undefined;
    for await (const draft of drafts) last = draft;
    return {
      status: 200,
      body:
        last === undefined
          ? {}
          : {
              answer: await presentAskAnswer(last, candidates, formatOf(query), services.documents),
            },
    };
  },

  streamAskInOrganization: async ({ params, query, actor, services }) => {
    const { candidates, drafts } = await askOrganization(
      services,
      actor,
      params.organizationId,
      query.query,
      [],
    );
    return {
      status: 200,
      events: answerEvents(drafts, candidates, formatOf(query), services),
    };
  },

  getRecommendedQuestionsInOrganization: async ({ params, actor, services }) => ({
    status: 200,
    body: { questions: await recommendedInOrganization(services, actor, params.organizationId) },
  }),

  streamRecommendedQuestionsInOrganization: async ({ params, actor, services }) => {
    const questions = await recommendedInOrganization(services, actor, params.organizationId);
    return { status: 200, events: each(questions.map((question) => ({ question }))) };
  },

  streamAskInSite: async ({ params, query, body, actor, services }) => {
    const { answerId, candidates, drafts } = await askSite(services, actor, params, {
      question: body.question,
      scope:
        body.scope ??
        (body.context?.siteSpaceId === undefined
          ? undefined
          : { mode: 'default', currentSiteSpace: body.context.siteSpaceId }),
      session: body.session,
      previous: body.thread?.previous,
    });
    return {
      status: 200,
      events: answerEvents(drafts, candidates, formatOf(query), services, answerId),
    };
  },

  submitAgentFeedbackToSite: async ({ params, body, actor, services }) => ({
    status: 201,
    body: await submitAgentFeedback(services, actor, params, body),
  }),

  streamRecommendedQuestionsInSite: async ({ params, query, actor, services }) => {
    const questions = await recommendedInSite(services, actor, params, query);
    return { status: 200, events: each(questions.map((question) => ({ question }))) };
  },
};

function formatOf(query: { format?: 'document' | 'markdown' }): AnswerFormat {
  return query.format === 'document' ? 'document' : 'markdown';
}

/** Each draft as one event of a streamed answer: the whole answer so far. */
async function* answerEvents(
  drafts: AsyncIterable<AnswerDraft>,
  candidates: readonly Candidate[],
  format: AnswerFormat,
  services: AppServices,
  id?: string,
) {
  for await (const draft of drafts) {
    yield {
      type: 'answer' as const,
      answer: await presentAskAnswer(draft, candidates, format, services.documents, id),
    };
  }
}

async function* each<T>(items: readonly T[]) {
  yield* items;
}
