import MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';

/** What the fast parser records on a block token: where the block starts in the text. */
export interface BlockStart {
  start: number;
  /** Columns of spaces before `start` beyond its container's indent. */
  indent: number;
}

// The block rules of markdown-it's CommonMark preset with GFM tables, in its own order.
const blockRules = [
  'table',
  'code',
  'fence',
  'blockquote',
  'hr',
  'list',
  'reference',
  'html_block',
  'heading',
  'lheading',
  'paragraph',
] as const;

/**
 * A GitBook tag line (`{% hint style="info" %}`), read as micromark reads it (`liquid-tag/
 * syntax.ts`): a line of its own, up to three spaces in, that interrupts a paragraph and ends lazy
 * continuation.
 */
const TAG_LINE = /^\{%.*%\}[ ]*$/;

function liquidTag(state: StateBlock, startLine: number, _endLine: number, silent: boolean) {
  if (at(state.sCount, startLine) - state.blkIndent >= 4) return false;
  const from = at(state.bMarks, startLine) + at(state.tShift, startLine);
  const to = at(state.eMarks, startLine);
  if (state.src.charCodeAt(from) !== 0x7b || !TAG_LINE.test(state.src.slice(from, to))) {
    return false;
  }
  if (silent) return true;
  const token = state.push('liquid_tag', '', 0);
  token.content = state.src.slice(from, to);
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

const DOLLAR = 0x24;

/** A line's entry in one of markdown-it's per-line tables. */
const at = (table: number[], line: number): number => table[line] ?? 0;

/**
 * A `$$` math fence, read as micromark's math extension reads it: at most three spaces in, a
 * closing fence at least as long, content lines losing the opening fence's indent.
 */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean) {
  if (at(state.sCount, startLine) - state.blkIndent >= 4) return false;
  const open = at(state.bMarks, startLine) + at(state.tShift, startLine);
  const lineEnd = at(state.eMarks, startLine);
  if (state.src.charCodeAt(open) !== DOLLAR || state.src.charCodeAt(open + 1) !== DOLLAR) {
    return false;
  }
  const afterFence = state.skipChars(open, DOLLAR);
  const meta = state.src.slice(afterFence, lineEnd);
  if (meta.includes('$')) return false;
  if (silent) return true;
  let line = startLine;
  let closed = false;
  while (!closed && ++line < endLine) {
    const start = at(state.bMarks, line) + at(state.tShift, line);
    const end = at(state.eMarks, line);
    if (start < end && at(state.sCount, line) < state.blkIndent) break;
    if (state.src.charCodeAt(start) !== DOLLAR || at(state.sCount, line) - state.blkIndent >= 4)
      continue;
    const after = state.skipChars(start, DOLLAR);
    closed = after - start >= afterFence - open && state.skipSpaces(after) >= end;
  }
  const token = state.push('math_block', 'math', 0);
  token.info = meta;
  token.markup = state.src.slice(open, afterFence);
  token.content = state.getLines(startLine + 1, line, at(state.sCount, startLine), true);
  state.line = closed ? line + 1 : line;
  token.map = [startLine, state.line];
  return true;
}

/**
 * `$$x$$` math in running text, read as micromark's math extension reads it (with single dollars
 * as text): like a code span, a run of dollars closed by a run of the same length.
 */
function mathInline(state: StateInline, silent: boolean) {
  const start = state.pos;
  if (state.src.charCodeAt(start) !== DOLLAR) return false;
  const max = state.posMax;
  let afterOpen = start + 1;
  while (afterOpen < max && state.src.charCodeAt(afterOpen) === DOLLAR) afterOpen++;
  const length = afterOpen - start;
  if (length >= 2) {
    for (let close = state.src.indexOf('$', afterOpen); close !== -1 && close < max; ) {
      let afterClose = close + 1;
      while (afterClose < max && state.src.charCodeAt(afterClose) === DOLLAR) afterClose++;
      if (afterClose - close === length) {
        if (!silent) {
          const token = state.push('math_inline', 'math', 0);
          token.markup = state.src.slice(start, afterOpen);
          token.content = state.src.slice(afterOpen, close);
        }
        state.pos = afterClose;
        return true;
      }
      close = state.src.indexOf('$', afterClose);
    }
  }
  if (!silent) state.pending += state.src.slice(start, afterOpen);
  state.pos = afterOpen;
  return true;
}

/**
 * markdown-it for the subset of Markdown it reads exactly as micromark does (see
 * `fast-tree.ts`): URLs kept as written (micromark neither encodes nor vets them; the renderers
 * do), GitBook's tag lines and `$$` math as micromark's extensions read them.
 */
function createParser(): MarkdownIt {
  const parser = new MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);
  parser.normalizeLink = (url) => url;
  parser.normalizeLinkText = (text) => text;
  parser.validateLink = () => true;
  const interrupting = { alt: ['paragraph', 'reference', 'blockquote', 'list'] };
  parser.block.ruler.before('table', 'liquid_tag', liquidTag, interrupting);
  parser.block.ruler.before('table', 'math_block', mathBlock, interrupting);
  parser.inline.ruler.before('backticks', 'math_inline', mathInline);
  // Each block rule records where its blocks start, in the coordinates of the container it runs
  // in (`bMarks` and `tShift` are the container's while the rule runs, and restored after).
  // Inline HTML records where it is in its inline content: the reader slices the source there.
  const inlineRules = parser.inline.ruler as unknown as { __rules__: InlineRuleEntry[] };
  const htmlInline = inlineRules.__rules__.find((rule) => rule.name === 'html_inline');
  if (htmlInline === undefined) throw new Error('markdown-it has no inline rule html_inline');
  parser.inline.ruler.at('html_inline', recordingSpan(htmlInline.fn));
  const rules = parser.block.ruler as unknown as {
    __rules__: { name: string; fn: BlockRule; alt: string[] }[];
  };
  for (const name of ['liquid_tag', 'math_block', ...blockRules]) {
    const rule = rules.__rules__.find((candidate) => candidate.name === name);
    if (rule === undefined) throw new Error(`markdown-it has no block rule ${name}`);
    parser.block.ruler.at(name, recordingStarts(rule.fn), { alt: rule.alt });
  }
  return parser;
}

type BlockRule = (
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;
interface InlineRuleEntry {
  name: string;
  fn: InlineRule;
}

/** Where an inline token is in its inline token's content. */
export interface InlineSpan {
  start: number;
  end: number;
}

function recordingSpan(rule: InlineRule): InlineRule {
  return (state, silent) => {
    const start = state.pos;
    const matched = rule(state, silent);
    const token = state.tokens.at(-1);
    if (matched && !silent && token !== undefined) {
      token.meta = { start, end: state.pos } satisfies InlineSpan;
    }
    return matched;
  };
}

function recordingStarts(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const first = state.tokens.length;
    const matched = rule(state, startLine, endLine, silent);
    if (!matched || silent) return matched;
    for (let index = first; index < state.tokens.length; index++) {
      const token = state.tokens[index] as Token;
      if (token.map === null || token.nesting === -1 || token.meta !== null) continue;
      const line = token.map[0];
      token.meta = {
        start: at(state.bMarks, line) + at(state.tShift, line),
        indent: at(state.sCount, line) - state.blkIndent,
      } satisfies BlockStart;
    }
    return matched;
  };
}

const parser = createParser();

/** markdown-it's block tokens of a text, each block's start recorded in its `meta`. */
export function fastTokens(markdown: string): Token[] {
  return parser.parse(markdown, {});
}
