import { newId } from '../../ids.js';
import { insertAnswer } from '../../store/site-questions.js';
import type { AnswerDraft } from './answer-drafts.js';
import type { Candidate } from './ask-candidates.js';
import type { AskServices } from './ask-services.js';
import { citedSources } from './cited-sources.js';
import { groupedWording, languageOf, questionType } from './question-words.js';

/** One asking of a site, as it is recorded once its answer is written or has failed. */
export interface SiteAsking {
  answerId: string;
  siteId: string;
  question: string;
  thread: { id: string; previous: string | null };
  channel: 'site' | 'api';
  session: { visitorId: string; sessionId: string } | undefined;
  candidates: readonly Candidate[];
  /** The whole answer, or why there is none. */
  outcome: { draft: AnswerDraft } | { failure: string };
}

/**
 * Records a question and its answer for the site's owners, in one transaction: the answer whole
 * or, when the model failed, no text and why. How well it answered is judged here: `yes` when
 * the model cited the documentation, `partially` for sections given without a model, `no`
 * otherwise.
 */
export async function recordSiteAnswer(services: AskServices, asking: SiteAsking): Promise<void> {
  const now = services.clock.now().toISOString();
  const raw = asking.question;
  const { outcome } = asking;
  const draft = 'draft' in outcome ? outcome.draft : undefined;
  const answered =
    draft === undefined || draft.writtenBy === 'nothing-found'
      ? 'no'
      : draft.writtenBy === 'sections'
        ? 'partially'
        : draft.cited.size > 0
          ? 'yes'
          : 'no';
  const sources =
    draft === undefined
      ? []
      : citedSources(draft, asking.candidates).map((source, ordinal) => {
          const first = asking.candidates.find(
            (candidate) => candidate.spaceId === source.space && candidate.pageId === source.page,
          );
          return {
            ordinal,
            space_id: source.space,
            revision_id: source.revision,
            page_id: source.page,
            title: first?.pageTitle ?? '',
            url: (first?.url ?? '').replace(/#.*$/, ''),
            sections: JSON.stringify(source.sections),
          };
        });
  await services.db.transaction().execute((trx) =>
    insertAnswer(
      trx,
      {
        id: newId(),
        site_id: asking.siteId,
        grouped_as: groupedWording(raw),
        question: raw.trim(),
        type: questionType(raw),
        created_at: now,
        asked_at: now,
      },
      {
        id: asking.answerId,
        site_id: asking.siteId,
        thread_id: asking.thread.id,
        previous_id: asking.thread.previous,
        input_raw: raw,
        input_text: raw.trim().replace(/\s+/g, ' '),
        language: languageOf(raw),
        answer_markdown: draft?.markdown ?? null,
        failure: 'failure' in outcome ? outcome.failure : null,
        answered,
        relevance: asking.candidates.length > 0 ? 'relevant' : 'unclear',
        channel_type: asking.channel,
        session_id: asking.session?.sessionId ?? null,
        visitor_id: asking.session?.visitorId ?? null,
        feedback_rating: null,
        created_at: now,
        updated_at: now,
      },
      sources,
    ),
  );
}
