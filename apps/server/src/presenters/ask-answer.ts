import type { components } from '@quire/contract';
import type { ReadMarkdownResult } from '@quire/document';
import type { AnswerDraft } from '../domain/ask/answer-drafts.js';
import type { Candidate } from '../domain/ask/ask-candidates.js';
import { citedSources } from '../domain/ask/cited-sources.js';
import { presentDocument } from './json-document.js';

type SearchAIAnswer = components['schemas']['SearchAIAnswer'];

/** How an answer's text is sent: as Markdown, or as a JSON document. */
export type AnswerFormat = 'markdown' | 'document';

/** What presenting an answer as a document needs. */
export interface AnswerDocuments {
  fromMarkdown(markdown: string): Promise<ReadMarkdownResult>;
}

/**
 * An answer as the API sends it: its text in the format asked, its follow-up questions, and
 * the pages it cites as its sources, each once, with the sections of it that were cited.
 */
export async function presentAskAnswer(
  draft: AnswerDraft,
  candidates: readonly Candidate[],
  format: AnswerFormat,
  documents: AnswerDocuments,
  id?: string,
): Promise<SearchAIAnswer> {
  return {
    ...(id === undefined ? {} : { id }),
    answer:
      draft.markdown === ''
        ? {}
        : format === 'document'
          ? { document: presentDocument((await documents.fromMarkdown(draft.markdown)).document) }
          : { markdown: draft.markdown },
    followupQuestions: draft.followups,
    sources: citedSources(draft, candidates),
  };
}
