import { checkLinks } from './answer-links.js';
import type { Candidate } from './ask-candidates.js';
import type { AskEngine } from './ask-engine.js';
import { askPrompt, type EarlierTurn, followupsTag } from './ask-prompt.js';

/** An answer as far as it is written: its checked text, follow-ups, and the URLs it cites. */
export interface AnswerDraft {
  markdown: string;
  followups: string[];
  cited: Set<string>;
  /** How it was written: by the model, as the best sections (no model), or with nothing found. */
  writtenBy: 'model' | 'sections' | 'nothing-found';
}

// A streamed answer is sent again whole at most this often: each event carries all of it.
const draftEveryMs = 120;

/**
 * Writes an answer from the candidates, as drafts, the last the whole answer. With a model, this
 * resolves once it has begun to answer (an unreachable or refusing model rejects with an
 * {@link AskEngineError} before any draft); without one, the one draft lists the best sections,
 * saying so; with no candidate, the one draft says nothing was found.
 */
export async function writeAnswer(
  engine: AskEngine | undefined,
  question: string,
  candidates: readonly Candidate[],
  earlier: readonly EarlierTurn[],
): Promise<AsyncIterable<AnswerDraft>> {
  const given = new Set(candidates.map((candidate) => candidate.url));
  if (candidates.length === 0) return once(nothingFound());
  if (engine === undefined) return once(sectionsAsAnswer(candidates, given));
  const words = await engine.stream(askPrompt(question, candidates, earlier));
  return (async function* drafts() {
    let text = '';
    let sentAt = 0;
    for await (const word of words) {
      text += String(word);
      if (Date.now() - sentAt >= draftEveryMs) {
        sentAt = Date.now();
        yield draftOf(text, given, true);
      }
    }
    yield draftOf(text, given, false);
  })();
}

async function* once(draft: AnswerDraft): AsyncIterable<AnswerDraft> {
  yield draft;
}

function draftOf(text: string, given: ReadonlySet<string>, partial: boolean): AnswerDraft {
  const open = text.indexOf(`<${followupsTag}>`);
  const answer = open === -1 ? withoutTagStart(text, partial) : text.slice(0, open);
  const listed = open === -1 ? '' : text.slice(open + followupsTag.length + 2);
  const close = listed.indexOf(`</${followupsTag}>`);
  const lines = (close === -1 ? (partial ? '' : listed) : listed.slice(0, close)).split('\n');
  const { markdown, cited } = checkLinks(answer.trim(), given, { partial });
  return {
    markdown,
    followups: lines
      .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
      .filter((line) => line !== '')
      .slice(0, 3),
    cited,
    writtenBy: 'model',
  };
}

/** The text, without the start of the follow-ups' tag it may end with while still written. */
function withoutTagStart(text: string, partial: boolean): string {
  if (!partial) return text;
  const tag = `<${followupsTag}>`;
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
    if (text.endsWith(tag.slice(0, length))) return text.slice(0, -length);
  }
  return text;
}

function nothingFound(): AnswerDraft {
  return {
    markdown: 'Nothing in the documentation matches this question.',
    followups: [],
    cited: new Set(),
    writtenBy: 'nothing-found',
  };
}

const excerptCharacters = 240;

/** Without a model: the best sections, each linked, with the start of its text. */
function sectionsAsAnswer(
  candidates: readonly Candidate[],
  given: ReadonlySet<string>,
): AnswerDraft {
  const lines = candidates.map((candidate) => {
    const title = [candidate.pageTitle, candidate.heading]
      .filter((part) => part !== '')
      .join(' › ');
    const text = candidate.body.replace(/\s+/g, ' ').trim();
    const excerpt = text.length > excerptCharacters ? `${text.slice(0, excerptCharacters)}…` : text;
    return `- [${escapeLabel(title)}](${candidate.url})${excerpt === '' ? '' : `: ${excerpt}`}`;
  });
  const markdown = [
    '_No language model answers questions on this server: these are the sections of the documentation that best match the question._',
    '',
    ...lines,
  ].join('\n');
  return {
    ...checkLinks(markdown, given, { partial: false }),
    followups: [],
    writtenBy: 'sections',
  };
}

function escapeLabel(label: string): string {
  return label.replace(/[[\]\\]/g, (character) => `\\${character}`);
}
