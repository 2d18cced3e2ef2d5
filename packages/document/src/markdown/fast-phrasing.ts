import type { Heading, Link, Paragraph, PhrasingContent, TableCell } from 'mdast';

/**
 * Running text written straight to Markdown where the serializer's escaping and attention
 * rules have nothing to decide: plain words and punctuation, `**strong**` and `_emphasis_`
 * between spaces or punctuation, code spans and links. Anything else answers `undefined`, and
 * the serializer writes that paragraph or heading itself.
 *
 * It gives exactly what the serializer gives (the tests compare the two on generated documents
 * and real pages); it exists because most paragraphs GitBook writes are this plain, and the
 * serializer's general rules cost far more than the text does.
 */

/**
 * ASCII characters the straight path leaves to the serializer, with controls: they may be
 * escaped, or pair up with others, depending on what stands around them.
 */
const UNPLAIN = new Uint8Array(128);
for (const character of '\\`*[]<$~\x7f') UNPLAIN[character.charCodeAt(0)] = 1;
UNPLAIN.fill(1, 0, 0x20);

/** The serializer's stand-in for `_` (see `serialize.ts`), which it never escapes. */
const UNDERSCORE_STAND_IN = 0xe000;

/** Characters that would be escaped at the start of a line. */
const ESCAPED_AT_LINE_START = /^ *(?:[#+\-=>|:{]|\d+[.)])/;

/** Text the serializer's underscore handling leaves to it: bare URLs keep theirs unescaped. */
const BARE_URL = /https?:\/\/|www\./;

/** Characters a `**` or `_` may stand after when it opens, or before when it closes. */
const OPENS_AFTER = new Set([' ', '(', '[', '"', "'"]);
const CLOSES_BEFORE = new Set([' ', ')', ']', '"', "'", '.', ',', ';', ':', '!', '?']);

/** Marks written around text, and their markers as GitBook writes them. */
const MARKERS = { strong: '**', emphasis: '_', delete: '~~' };
const ATTENTION = new Set(Object.keys(MARKERS));

/** What the serializer would write for a paragraph, or `undefined` where it has to decide. */
export function fastParagraph(node: Paragraph): string | undefined {
  // Each line's start was checked where its text was written (`fastPhrasing`).
  const value = fastPhrasing(node.children, 'paragraph');
  if (value === undefined || !value.endsWith(' ')) return value;
  // A space at the paragraph's end is written as a reference where text wrote it.
  return node.children.at(-1)?.type === 'text' ? value.slice(0, -1) + SPACE : undefined;
}

/** What the serializer would write for an ATX heading, or `undefined` where it has to decide. */
export function fastHeading(node: Heading): string | undefined {
  const value = fastPhrasing(node.children, 'line');
  if (value === undefined || value.startsWith(' ') || /[ #]$/.test(value)) return undefined;
  const sequence = '#'.repeat(Math.max(Math.min(6, node.depth), 1));
  return value === '' ? sequence : `${sequence} ${value}`;
}

/**
 * What the serializer would write for a table cell, or `undefined` where it has to decide: a
 * cell is one line between pipes, and a `|` in it must be escaped.
 */
export function fastCell(node: TableCell): string | undefined {
  const value = fastPhrasing(node.children, 'line');
  return value === undefined || value.includes('|') ? undefined : value;
}

/** A space where a line starts or ends, which Markdown would drop: written as a reference. */
const SPACE = '&#x20;';

/**
 * Where running text stands: a paragraph's lines may break (`\` at a line's end), a heading's
 * and a link's text may not.
 */
type Place = 'paragraph' | 'line' | 'link';

function fastPhrasing(children: readonly PhrasingContent[], place: Place): string | undefined {
  let result = '';
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as PhrasingContent;
    let written =
      child.type === 'break'
        ? place === 'paragraph'
          ? '\\\n'
          : undefined
        : fastInline(child, place);
    // Text next to text is escaped as one (the writer joins them): left to the serializer.
    if (written === undefined || (child.type === 'text' && children[index - 1]?.type === 'text'))
      return undefined;
    const lineStart = result.length === 0 ? place === 'paragraph' : result.endsWith('\n');
    if (lineStart && child.type === 'text') {
      if (ESCAPED_AT_LINE_START.test(written)) return undefined;
      if (written.startsWith(' ')) written = SPACE + written.slice(1);
    }
    if (ATTENTION.has(child.type)) {
      const before = result.length === 0 || lineStart ? ' ' : result.charAt(result.length - 1);
      if (!OPENS_AFTER.has(before)) return undefined;
      const next = children[index + 1];
      const after =
        next?.type === 'text' ? next.value.charAt(0) : next?.type === 'break' ? ' ' : '';
      if (next !== undefined && !CLOSES_BEFORE.has(after)) return undefined;
    } else if (child.type === 'text' && child.value.endsWith('!') && index + 1 < children.length) {
      // `![` would start an image.
      return undefined;
    }
    result += written;
  }
  return result;
}

function fastInline(node: PhrasingContent, place: Place): string | undefined {
  switch (node.type) {
    case 'text':
      return plainText(node.value, place === 'link');
    case 'strong':
    case 'emphasis':
    case 'delete': {
      const first = node.children[0];
      const last = node.children.at(-1);
      if (first === undefined || last === undefined) return undefined;
      if (!opensCleanly(first) || !closesCleanly(last)) return undefined;
      if (node.children.some((child) => ATTENTION.has(child.type))) return undefined;
      const inner = fastPhrasing(node.children, place === 'link' ? 'link' : 'line');
      if (inner === undefined) return undefined;
      const marker = MARKERS[node.type];
      return marker + inner + marker;
    }
    case 'inlineCode':
      return node.value.includes('`') ? undefined : codeSpan(node.value, '`');
    case 'inlineMath':
      return node.value.includes('$') ? undefined : codeSpan(node.value, '$$');
    case 'link':
      return place === 'link' ? undefined : fastLink(node);
    case 'html':
      return /[\r\n]/.test(node.value) ? undefined : node.value;
    default:
      return undefined;
  }
}

/** A code span or inline math without its fence inside: one that needs no padding either. */
function codeSpan(value: string, fence: string): string | undefined {
  if (value === '' || /[\r\n]/.test(value) || (value.startsWith(' ') && value.endsWith(' ')))
    return undefined;
  return fence + value + fence;
}

/**
 * Whether a marker can open right before this node: no space after it; a code span or a link
 * starts with punctuation, which a marker after a space or punctuation opens before.
 */
function opensCleanly(node: PhrasingContent): boolean {
  if (node.type === 'text') return !/^\s/.test(node.value);
  return node.type === 'inlineCode' || node.type === 'link';
}

function closesCleanly(node: PhrasingContent): boolean {
  if (node.type === 'text') return !/\s$/.test(node.value);
  return node.type === 'inlineCode' || node.type === 'link';
}

/**
 * A link as `[text](url)`: its URL only when no character in it needs escaping or `<…>`.
 * Every `_` of its text is escaped, as GitBook writes them.
 */
function fastLink(node: Link): string | undefined {
  if (node.title !== null && node.title !== undefined) return undefined;
  if (!/^[!-~]*$/.test(node.url) || /[()<>\\$&[\]]/.test(node.url)) return undefined;
  const text = fastPhrasing(node.children, 'link');
  // `[a]:` at a line's start would read as a definition; the serializer adds a title there.
  if (text === undefined || text.includes(']')) return undefined;
  return `[${text}](${node.url})`;
}

/**
 * Text as written: every `_` escaped (GitBook escapes them all), nothing else, so only text
 * whose other characters can never need an escape here.
 */
function plainText(value: string, inLink: boolean): string | undefined {
  let underscores = false;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 95 /* _ */) underscores = true;
    else if (code < 128 ? UNPLAIN[code] === 1 : code === UNDERSCORE_STAND_IN) return undefined;
    // `&` before a letter or `#` would read as a character reference.
    else if (code === 38 && /[#A-Za-z]/.test(value.charAt(index + 1))) return undefined;
  }
  if (!underscores) return value;
  if (!inLink && BARE_URL.test(value)) return undefined;
  return value.replaceAll('_', '\\_');
}
