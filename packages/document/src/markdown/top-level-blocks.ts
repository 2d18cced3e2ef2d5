/** A run of whole top-level blocks of a Markdown text, where it starts in the text. */
export interface MarkdownPiece {
  text: string;
  /** Offset of its first character in the whole text. */
  offset: number;
  /** Lines of the whole text before it. */
  linesBefore: number;
}

// Lines that open a block running on until a line of its own closes it, blank lines included.
const codeFence = /^( {0,3})(`{3,})[^`]*$|^( {0,3})(~{3,})/;
const mathFence = /^( {0,3})(\${2,})[^$]*$/;
export const rawHtmlOpeners: readonly [RegExp, RegExp][] = [
  [/^( {0,3})<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^( {0,3})<!--/, /-->/],
  [/^( {0,3})<\?/, /\?>/],
  [/^( {0,3})<!\[CDATA\[/, /\]\]>/],
  [/^( {0,3})<![A-Za-z]/, />/],
];
// Any other HTML-looking line may open an HTML block that runs to the next blank line.
const htmlLike = /^ {0,3}</;
// A line that may continue the list before it across a blank line, or that read alone as the
// start of a text would be front matter.
const listOrFrontMatter = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)|^-/;
// Link reference and footnote definitions apply to the whole text: a text that may hold one (a
// line, in any container, starting with a bracketed label and a colon) is read whole.
export const mayHoldDefinition =
  /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+[ \t>]*)*\[(?:[^\]\\]|\\.){0,999}\]:/m;

// What opens list items or block quotes on a line, before a fence opened on the same line.
const containerPrefix = /^(?:[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+|>[ \t]?))+/;

/** A block that runs on across blank lines until a line of its own closes it. */
interface Fence {
  /** The column of the opening sequence (code and math fences), or of the HTML. */
  indent: number;
  close: RegExp;
}

type Enclosing =
  /** A fence opened at the top level (indented up to three columns). */
  | ({ kind: 'fence' } & Fence)
  /** A fence opened in a list item or block quote: the end of the item ends it too. */
  | ({ kind: 'nested-fence' } & Fence)
  | { kind: 'html-until-blank' }
  | { kind: 'front-matter' };

/** The column a text ends at, a tab taking it to the next multiple of four. */
function columnAfter(text: string): number {
  let column = 0;
  for (const character of text) column += character === '\t' ? 4 - (column % 4) : 1;
  return column;
}

const indentOf = (line: string) => columnAfter(/^[ \t]*/.exec(line)?.[0] ?? '');

const isBlank = (line: string) => /^[ \t]*\r?$/.test(line);

/** The fence a line opens, if it opens one (at most three columns in). */
function fenceOpenedBy(line: string): Fence | undefined {
  const code = codeFence.exec(line);
  if (code !== null) {
    const indent = (code[1] ?? code[3] ?? '').length;
    const sequence = code[2] ?? code[4] ?? '';
    const character = sequence[0] === '`' ? '`' : '~';
    const close = new RegExp(`^ {0,3}\\${character}{${sequence.length},}[ \\t]*\\r?$`);
    return { indent, close };
  }
  const math = mathFence.exec(line);
  if (math !== null) {
    const close = new RegExp(`^ {0,3}\\\${${(math[2] ?? '').length},}[ \\t]*\\r?$`);
    return { indent: (math[1] ?? '').length, close };
  }
  for (const [opener, closer] of rawHtmlOpeners) {
    const opened = opener.exec(line);
    if (opened === null) continue;
    // The closing marker may be on the opening line, after the opener.
    if (closer.test(line.slice(opened[0].length))) return undefined;
    return { indent: (opened[1] ?? '').length, close: closer };
  }
  return undefined;
}

/**
 * The fence a line opens inside a list item or block quote: after the markers that open them on
 * the line, or indented four columns or more (a fence of an item begun on an earlier line).
 */
function nestedFenceOpenedBy(line: string): Fence | undefined {
  const prefix = containerPrefix.exec(line)?.[0] ?? /^[ \t]*/.exec(line)?.[0] ?? '';
  if (prefix.length === 0) return undefined;
  const fence = fenceOpenedBy(line.slice(prefix.length));
  return fence === undefined ? undefined : { ...fence, indent: columnAfter(prefix) + fence.indent };
}

/** Whether a line closes a fence of a list item or quote, whatever its markers and indent. */
function closesNested(fence: Fence, line: string): boolean {
  const prefix = containerPrefix.exec(line)?.[0] ?? '';
  return fence.close.test(line.slice(prefix.length).trimStart());
}

/**
 * Cuts Markdown into pieces of whole top-level blocks, each about `pieceBytes` long or more, so
 * that each piece read on its own gives exactly the blocks the whole text gives there. A cut
 * goes only before a line that starts at the first column after a blank line, outside any code
 * or math fence and raw HTML block, and that could not continue a list; a text with definitions
 * (links by reference, footnotes) or bare carriage returns is not cut. Where it cannot be told
 * whether a line is inside such a block (a fence opened in an indented line that could belong to
 * a list item, a fence line beside HTML), the rest of the text is one piece.
 * @example splitTopLevelBlocks('# A\n\ntext\n', 0); // ['# A\n\n', 'text\n'] as pieces
 */
export function splitTopLevelBlocks(markdown: string, pieceBytes: number): MarkdownPiece[] {
  const whole = [{ text: markdown, offset: 0, linesBefore: 0 }];
  if (
    markdown.length <= pieceBytes ||
    mayHoldDefinition.test(markdown) ||
    /\r(?!\n)/.test(markdown)
  ) {
    return whole;
  }
  const pieces: MarkdownPiece[] = [];
  let pieceStart = 0;
  let pieceLinesBefore = 0;
  let enclosing: Enclosing | undefined = /^---[ \t]*\r?\n/.test(markdown)
    ? { kind: 'front-matter' }
    : undefined;
  let previousBlank = false;
  let lastContentIndent = 0;
  let lineNumber = enclosing === undefined ? 0 : 1;
  let lineStart = enclosing === undefined ? 0 : markdown.indexOf('\n') + 1;
  while (lineStart < markdown.length) {
    const newline = markdown.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? markdown.length : newline;
    const line = markdown.slice(lineStart, lineEnd);
    const blank = isBlank(line);
    const indent = indentOf(line);
    if (enclosing?.kind === 'front-matter') {
      if (/^---[ \t]*\r?$/.test(line)) enclosing = undefined;
    } else if (enclosing?.kind === 'fence') {
      // A line indented less than an indented opener may have ended the list item the fence
      // was in, or be inside a fence of the top level: which, only a full parse tells.
      if (!blank && enclosing.indent > 0 && indent < enclosing.indent) break;
      if (enclosing.close.test(line)) enclosing = undefined;
    } else if (enclosing?.kind === 'nested-fence' && (blank || indent > 0)) {
      if (closesNested(enclosing, line)) enclosing = undefined;
      // A line that would open a fence at the top level, if the nested one is closed already.
      else if (!blank && fenceOpenedBy(line) !== undefined && indent < enclosing.indent) break;
    } else {
      // Not cut where a fence of a list item may be open: the item ends at this line, with the
      // blank lines before it, which a piece ending there would read into the fence.
      const cut =
        enclosing?.kind !== 'nested-fence' &&
        previousBlank &&
        !blank &&
        indent === 0 &&
        !listOrFrontMatter.test(line) &&
        // micromark reads the block after indented code as if it interrupted text (a quoted
        // `3) a` stays text), so that block stays with the code.
        lastContentIndent < 4 &&
        lineStart - pieceStart >= pieceBytes;
      if (cut) {
        pieces.push({
          text: markdown.slice(pieceStart, lineStart),
          offset: pieceStart,
          linesBefore: pieceLinesBefore,
        });
        pieceStart = lineStart;
        pieceLinesBefore = lineNumber;
      }
      // A line at the first column ends any list item (a fence in it too) but lazy text.
      if (enclosing?.kind === 'nested-fence') enclosing = undefined;
      const opened = fenceOpenedBy(line);
      const nested = opened === undefined ? nestedFenceOpenedBy(line) : undefined;
      if (enclosing?.kind === 'html-until-blank') {
        // Inside an HTML block the line is HTML; after a paragraph it would open a fence.
        if (opened !== undefined || nested !== undefined) break;
        if (blank) enclosing = undefined;
      } else if (opened !== undefined) {
        enclosing = { kind: 'fence', ...opened };
      } else if (nested !== undefined) {
        enclosing = { kind: 'nested-fence', ...nested };
      } else if (htmlLike.test(line)) {
        enclosing = { kind: 'html-until-blank' };
      }
    }
    previousBlank = blank;
    if (!blank) lastContentIndent = indent;
    lineStart = lineEnd + 1;
    lineNumber += 1;
  }
  pieces.push({
    text: markdown.slice(pieceStart),
    offset: pieceStart,
    linesBefore: pieceLinesBefore,
  });
  return pieces;
}
