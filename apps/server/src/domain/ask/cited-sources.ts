import type { components } from '@quire/contract';
import type { AnswerDraft } from './answer-drafts.js';
import type { Candidate } from './ask-candidates.js';

type AnswerSource = components['schemas']['SearchAIAnswerSource'];

/** The pages among the candidates the draft cites, in the candidates' order, each once. */
export function citedSources(
  draft: Pick<AnswerDraft, 'cited' | 'writtenBy'>,
  candidates: readonly Candidate[],
): AnswerSource[] {
  const byPage = new Map<string, AnswerSource>();
  for (const candidate of candidates) {
    if (!draft.cited.has(candidate.url)) continue;
    const key = `${candidate.spaceId}/${candidate.pageId}`;
    const source = byPage.get(key) ?? {
      type: 'page' as const,
      page: candidate.pageId,
      revision: candidate.revisionId,
      space: candidate.spaceId,
      sections: [],
      reason:
        draft.writtenBy === 'model'
          ? `The answer cites ${candidate.pageTitle}`
          : `${candidate.pageTitle} matches the question`,
    };
    if (!source.sections.includes(candidate.anchor)) source.sections.push(candidate.anchor);
    byPage.set(key, source);
  }
  return [...byPage.values()];
}
