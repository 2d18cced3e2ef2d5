import { invalid, tooManyAttempts, upstreamFailed } from '../../errors.js';
import { newId } from '../../ids.js';
import { findAnswer, listAnswers } from '../../store/site-questions.js';
import { type Caller, isSiteReader } from '../actor.js';
import {
  type SiteScope,
  siteAsSeen,
  siteSpacesInScope,
  spacesReadIn,
} from '../published/site-as-seen.js';
import { type AnswerDraft, writeAnswer } from './answer-drafts.js';
import type { Candidate } from './ask-candidates.js';
import { AskEngineError, askEngineOf } from './ask-engine.js';
import type { EarlierTurn } from './ask-prompt.js';
import type { AskServices } from './ask-services.js';
import { findCandidates } from './find-candidates.js';
import { recordSiteAnswer, type SiteAsking } from './record-site-answer.js';
import { sitePageUrl } from './site-page-urls.js';
import { inThreadOrder } from './thread-order.js';

/** A question to a site, as its asker sent it. */
export interface SiteQuestion {
  question: string;
  scope: SiteScope | undefined;
  session: { visitorId: string; sessionId: string } | undefined;
  /** The answer this question follows, in its conversation. */
  previous: string | undefined;
}

/** A site's answer being written: its id, the sections it is written from, and its drafts. */
export interface SiteAnswering {
  answerId: string;
  candidates: Candidate[];
  /** The answer as it is written; recorded for the site's owners once whole, or failed. */
  drafts: AsyncIterable<AnswerDraft>;
}

// The earlier turns of a conversation the model is shown, the latest last.
const earlierTurns = 5;

/**
 * Answers a question from what the caller may read of a site: a reader what the site shows them
 * (sections and site spaces their claims open, blocks their claims show), a member what the site
 * publishes of the spaces they may read. Counted against the site's own budget of questions. A
 * model that fails is recorded as unanswered, and a 502; one that fails once it has begun ends
 * the drafts with the same error.
 */
export async function askSite(
  services: AskServices,
  caller: Caller,
  params: { organizationId: string; siteId: string },
  asked: SiteQuestion,
): Promise<SiteAnswering> {
  const { structure } = await siteAsSeen(services, caller, params);
  const budget = await services.rateLimits?.consume('askSite', structure.site.id);
  if (budget !== undefined && !budget.allowed) {
    throw tooManyAttempts(
      `Too many questions to this site: at most ${budget.limit} a minute. Try again later.`,
      Math.max(1, Math.ceil(budget.resetInMs / 1000)),
    );
  }
  const thread = await threadOf(services, structure.site.id, asked);
  const siteSpaces = siteSpacesInScope(structure, asked.scope);
  const spaces = await spacesReadIn(services.db, caller, params.organizationId, siteSpaces);
  const spaceIds = spaces.map((space) => space.id);
  const candidates = await findCandidates(
    services,
    spaceIds,
    asked.question,
    (hit) => {
      const siteSpace = siteSpaces.find((item) => item.spaceId === hit.spaceId);
      return siteSpace === undefined
        ? ''
        : sitePageUrl(services.urls, structure, siteSpace, hit.pagePath, hit.anchor);
    },
    isSiteReader(caller) ? caller.visitor : undefined,
  );
  const answerId = newId();
  const asking = (outcome: SiteAsking['outcome']): SiteAsking => ({
    answerId,
    siteId: structure.site.id,
    question: asked.question,
    thread: { id: thread.id ?? answerId, previous: thread.previous },
    // A reader's browser says who it is; the API and agents do not.
    channel: asked.session === undefined ? 'api' : 'site',
    session: asked.session,
    candidates,
    outcome,
  });
  const engine = askEngineOf(services.askEngine);
  let drafts: AsyncIterable<AnswerDraft>;
  try {
    drafts = await writeAnswer(engine, asked.question, candidates, thread.earlier);
  } catch (error) {
    throw await failed(services, error, asking);
  }
  return {
    answerId,
    candidates,
    drafts: (async function* recorded() {
      let outcome: SiteAsking['outcome'] | undefined;
      try {
        let last: AnswerDraft | undefined;
        for await (const draft of drafts) {
          last = draft;
          yield draft;
        }
        outcome = last === undefined ? { failure: 'The model wrote nothing' } : { draft: last };
      } catch (error) {
        outcome = {
          failure: error instanceof AskEngineError ? error.message : 'The answer failed',
        };
        throw error instanceof AskEngineError ? unanswered(error) : error;
      } finally {
        // An asker who leaves mid-answer got no answer: none is recorded as given.
        await recordSiteAnswer(
          services,
          asking(outcome ?? { failure: 'The asker left before the answer was whole' }),
        );
      }
    })(),
  };
}

/** Records why a model failed and answers the 502 to throw; other errors are thrown as they are. */
async function failed(
  services: AskServices,
  error: unknown,
  asking: (outcome: SiteAsking['outcome']) => SiteAsking,
): Promise<unknown> {
  if (!(error instanceof AskEngineError)) return error;
  await recordSiteAnswer(services, asking({ failure: error.message }));
  return unanswered(error);
}

function unanswered(error: AskEngineError) {
  return upstreamFailed(`${error.message}. The question is recorded as unanswered.`);
}

/** The conversation a question continues: its id, the answer it follows, and the earlier turns. */
async function threadOf(
  services: AskServices,
  siteId: string,
  asked: SiteQuestion,
): Promise<{ id: string | undefined; previous: string | null; earlier: EarlierTurn[] }> {
  if (asked.previous === undefined) return { id: undefined, previous: null, earlier: [] };
  const previous = await findAnswer(services.db, siteId, asked.previous);
  // Only the browser that asked may follow up on a reader's answer.
  if (
    previous === undefined ||
    (previous.session_id !== null && previous.session_id !== asked.session?.sessionId)
  ) {
    throw invalid(`thread.previous names no answer of this site to follow: ${asked.previous}`);
  }
  const turns = await listAnswers(services.db, siteId, { threadId: previous.thread_id });
  return {
    id: previous.thread_id,
    previous: previous.id,
    earlier: inThreadOrder(turns)
      .slice(-earlierTurns)
      .map((turn) => ({ question: turn.input_raw, answer: turn.answer_markdown ?? undefined })),
  };
}
