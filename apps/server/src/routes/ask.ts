import type { Actor } from '../domain/actor.js';
import { isSiteReader } from '../domain/actor.js';
import { submitAgentFeedback } from '../domain/ask/agent-feedback.js';
import { type AnswerDraft, writeAnswer } from '../domain/ask/answer-drafts.js';
import type { Candidate } from '../domain/ask/ask-candidates.js';
import { AskEngineError, askEngine } from '../domain/ask/ask-engine.js';
import { askSite } from '../domain/ask/ask-site.js';
import { findCandidates } from '../domain/ask/find-candidates.js';
import { recommendedQuestions } from '../domain/ask/recommended-questions.js';
import { readableSpacesOf } from '../domain/content-index/readable-spaces.js';
import { siteAsSeen, siteSpacesInScope } from '../domain/published/site-as-seen.js';
import { spacesOf } from '../domain/sites/site-structure.js';
import { upstreamFailed } from '../errors.js';
import type { HandlerTable } from '../http/handler.js';
import { type AnswerFormat, presentAskAnswer } from '../presenters/ask-answer.js';
import type { AppServices } from '../services/app-services.js';
import { listSiteIdsOfOrganization } from '../store/site-questions.js';

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
    const { candidates, drafts } = await answerInOrganization(
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
    const { candidates, drafts } = await answerInOrganization(
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
    body: { questions: await organizationQuestions(services, actor, params.organizationId) },
  }),

  streamRecommendedQuestionsInOrganization: async ({ params, actor, services }) => {
    const questions = await organizationQuestions(services, actor, params.organizationId);
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
    const { structure } = await siteAsSeen(services, actor, params);
    const asked = query.siteSpaceId ?? undefined;
    const siteSpaces = siteSpacesInScope(
      structure,
      asked === undefined ? undefined : { mode: 'specific', siteSpaceIds: [asked] },
    ).filter((siteSpace) => query.spaceId === undefined || siteSpace.spaceId === query.spaceId);
    let spaceIds = [...(await spacesOf(services.db, siteSpaces)).values()]
      .filter((space) => space.deletedAt === null)
      .map((space) => space.id);
    if (!isSiteReader(actor)) {
      const readable = new Set(
        (await readableSpacesOf(services.db, actor, params.organizationId)).map(
          (space) => space.id,
        ),
      );
      spaceIds = spaceIds.filter((id) => readable.has(id));
    }
    const questions = await recommendedQuestions(services, [structure.site.id], spaceIds);
    return { status: 200, events: each(questions.map((question) => ({ question }))) };
  },
};

function formatOf(query: { format?: 'document' | 'markdown' }): AnswerFormat {
  return query.format === 'document' ? 'document' : 'markdown';
}

/**
 * An answer from the pages of the spaces a member may read across their organization, each
 * cited by its URL in the app. Earlier questions of the conversation give the question context.
 */
async function answerInOrganization(
  services: AppServices,
  actor: Actor,
  organizationId: string,
  question: string,
  previousQueries: readonly string[],
): Promise<{ candidates: Candidate[]; drafts: AsyncIterable<AnswerDraft> }> {
  const spaces = await readableSpacesOf(services.db, actor, organizationId);
  const candidates = await findCandidates(
    services,
    spaces.map((space) => space.id),
    question,
    (hit) =>
      `${services.urls.app('spaces', hit.spaceId, 'pages', hit.pageId)}${hit.anchor === '' ? '' : `#${encodeURIComponent(hit.anchor)}`}`,
    undefined,
  );
  const engine = services.askEngine === undefined ? undefined : askEngine(services.askEngine);
  const earlier = previousQueries.map((previous) => ({ question: previous, answer: undefined }));
  try {
    const drafts = await writeAnswer(engine, question, candidates, earlier);
    return { candidates, drafts: failingAsBadGateway(drafts) };
  } catch (error) {
    throw error instanceof AskEngineError ? upstreamFailed(error.message) : error;
  }
}

/** The drafts, a model's failure among them answered as the 502 it is. */
async function* failingAsBadGateway(drafts: AsyncIterable<AnswerDraft>) {
  try {
    yield* drafts;
  } catch (error) {
    throw error instanceof AskEngineError ? upstreamFailed(error.message) : error;
  }
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

async function organizationQuestions(
  services: AppServices,
  actor: Actor,
  organizationId: string,
): Promise<string[]> {
  const spaces = await readableSpacesOf(services.db, actor, organizationId);
  return recommendedQuestions(
    services,
    await listSiteIdsOfOrganization(services.db, organizationId),
    spaces.map((space) => space.id),
  );
}
