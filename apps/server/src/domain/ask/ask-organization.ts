import { upstreamFailed } from '../../errors.js';
import type { Actor } from '../actor.js';
import { readableSpacesOf } from '../content-index/readable-spaces.js';
import { type AnswerDraft, writeAnswer } from './answer-drafts.js';
import type { Candidate } from './ask-candidates.js';
import { AskEngineError, askEngineOf } from './ask-engine.js';
import type { AskServices } from './ask-services.js';
import { findCandidates } from './find-candidates.js';

/**
 * An answer from the pages of the spaces a member may read across their organization, each
 * cited by its URL in the app. Earlier questions of the conversation give the question context.
 * A model that fails is a 502, before the first draft or ending the drafts.
 */
export async function askOrganization(
  services: AskServices,
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
  const earlier = previousQueries.map((previous) => ({ question: previous, answer: undefined }));
  try {
    const drafts = await writeAnswer(
      askEngineOf(services.askEngine),
      question,
      candidates,
      earlier,
    );
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
