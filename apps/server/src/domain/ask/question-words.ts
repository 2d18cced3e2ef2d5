import { franc } from 'franc-min';
import * as stopwords from 'stopword';
import { type SearchTerm, searchTerms } from '../../store/search/search-terms.js';

type StopwordLists = Record<string, string[] | undefined>;

/**
 * The language of a question as an ISO 639-3 code (`und` when its words don't tell): short
 * questions are judged from three letters on, which is as far as a question goes.
 * @example languageOf('Comment installer le client ?'); // 'fra'
 */
export function languageOf(question: string): string {
  return franc(question, { minLength: 3 });
}

/**
 * The words of a question worth searching for, each a term of its own: the question's terms
 * without the words of its language (and English) that say nothing (how, do, the, …). A question
 * of nothing but such words keeps them all.
 * @example questionTerms('How do I install the CLI?', 'eng'); // install, cli
 */
export function questionTerms(question: string, language: string): SearchTerm[] {
  const terms = searchTerms(question).map((term) => ({ ...term, prefix: false }));
  const lists = stopwords as unknown as StopwordLists;
  const empty = new Set([...(lists.eng ?? []), ...(lists[language] ?? [])]);
  const telling = terms.filter((term) => term.words.length > 1 || !empty.has(term.words[0] ?? ''));
  return telling.length === 0 ? terms : telling;
}

/** The wording questions are grouped by: trimmed, spacing collapsed, lower case, no end mark. */
export function groupedWording(question: string): string {
  return question
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.。？！]+$/u, '')
    .toLowerCase();
}

/** The kind of a question, from its first words (GitBook's `SiteQuestionType`). */
export function questionType(
  question: string,
): 'exploring' | 'how-to' | 'troubleshooting' | 'reference' | 'unknown' {
  const text = question.trim().toLowerCase();
  if (
    /\b(error|fail(s|ed|ing)?|broken|crash(es|ed)?|not work|doesn'?t work|can'?t|cannot|unable|wrong|issue|problem|bug)\b/.test(
      text,
    )
  ) {
    return 'troubleshooting';
  }
  if (/^(how|how to|how do|how can|steps? to)\b/.test(text)) return 'how-to';
  if (/^(what|which|where|when|who|list|is|are|does|do|can)\b/.test(text)) return 'reference';
  if (/^(why|tell me|explain|overview|show me|what'?s new)\b/.test(text)) return 'exploring';
  return 'unknown';
}
