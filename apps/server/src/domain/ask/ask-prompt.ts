import type { ChatMessage } from './ask-engine.js';

/** A section given to the model, with the URL it is cited by. */
export interface PromptSection {
  pageTitle: string;
  heading: string;
  body: string;
  url: string;
}

/** A question asked before in the same conversation, and what was answered. */
export interface EarlierTurn {
  question: string;
  answer: string | undefined;
}

// Enough of the documentation for a focused answer, within a small model's context.
const contextCharacters = 12_000;
const sectionCharacters = 3_000;

/** Where the model lists follow-up questions, after its answer; taken out of what readers see. */
export const followupsTag = 'followups';

/**
 * The conversation that asks the model for an answer: instructions, the earlier turns, then the
 * sections (each with its URL, as much as the budget holds, the best first) and the question.
 * Only the sections are the model's knowledge: the prompt holds nothing else of the
 * documentation, so the answer can cite nothing else.
 */
export function askPrompt(
  question: string,
  sections: readonly PromptSection[],
  earlier: readonly EarlierTurn[],
): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: instructions }];
  for (const turn of earlier) {
    messages.push({ role: 'user', content: turn.question });
    if (turn.answer !== undefined) messages.push({ role: 'assistant', content: turn.answer });
  }
  let budget = contextCharacters;
  const given: string[] = [];
  for (const [index, section] of sections.entries()) {
    if (budget <= 0) break;
    const body = section.body.slice(0, Math.min(sectionCharacters, budget));
    budget -= body.length;
    const title = [section.pageTitle, section.heading].filter((part) => part !== '').join(' › ');
    given.push(`[${index + 1}] ${title}\nURL: ${section.url}\n\n${body}`);
  }
  messages.push({
    role: 'user',
    content: `Documentation:\n\n${given.join('\n\n---\n\n')}\n\n===\n\nQuestion: ${question}`,
  });
  return messages;
}

const instructions = [
  'You answer questions about a product from its documentation, given below in numbered sections, each with its URL.',
  'Answer only from those sections. If they do not answer the question, say so in one sentence and do not guess.',
  'Cite every section you use with a Markdown link to its URL, written exactly as given, such as [Installing](URL). Never write any other URL.',
  'Answer in the language of the question, in Markdown, briefly: a few sentences, a list or a code block when it helps.',
  `After the answer, suggest up to three short follow-up questions the documentation answers, one per line, between <${followupsTag}> and </${followupsTag}>.`,
].join('\n');
