import type { Emphasis, Heading, Image, Literal, Nodes, Paragraph, Table, Text } from 'mdast';
import { gfmFootnoteToMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemToMarkdown } from 'mdast-util-gfm-task-list-item';
import { mathToMarkdown } from 'mdast-util-math';
import {
  defaultHandlers,
  type Handle,
  type Options,
  type SafeConfig,
  type State,
  toMarkdown,
} from 'mdast-util-to-markdown';
import { liquidTagToMarkdown } from '../liquid-tag/mdast.js';
import { fastCell, fastHeading, fastParagraph } from './fast-phrasing.js';

/** Markdown kept verbatim (definitions, footnotes, unknown tags): written exactly as stored. */
export interface Verbatim extends Literal {
  type: 'verbatim';
}

declare module 'mdast' {
  interface RootContentMap {
    verbatim: Verbatim;
  }
  interface BlockContentMap {
    verbatim: Verbatim;
  }
  interface ListData {
    /** Blank lines between the items of a loose list (its items are not spread themselves). */
    itemsApart?: boolean;
  }
}

/**
 * GitBook writes emphasis with `_`. Right next to another mark (`_**a** b_`) a `_` can pair up
 * with the wrong delimiter once intraword characters are encoded, so `*` is used there, as
 * CommonMark allows both.
 */
function emphasisMarker(node: Emphasis): '_' | '*' {
  // Exactly around bold, GitBook writes `_**x**_`: nothing inside can pair with the `_`.
  if (node.children.length === 1 && node.children[0]?.type === 'strong') return '_';
  const attention = new Set(['strong', 'emphasis', 'delete']);
  const edges = [node.children[0]?.type, node.children.at(-1)?.type];
  return edges.some((type) => type !== undefined && attention.has(type)) ? '*' : '_';
}

/** The emphasis handler with the marker chosen per node; the serializer falls back to the other. */
const emphasis = Object.assign(
  (...[node, parent, state, info]: Parameters<typeof defaultHandlers.emphasis>) => {
    const saved = state.options.emphasis;
    state.options.emphasis = emphasisMarker(node);
    try {
      return defaultHandlers.emphasis(node, parent, state, info);
    } finally {
      state.options.emphasis = saved;
    }
  },
  {
    peek: (node: Emphasis) => emphasisMarker(node),
    attention: (node: Emphasis) => ({
      construct: 'emphasis',
      markers: emphasisMarker(node) === '*' ? ['*', '_'] : ['_', '*'],
      sizes: [1],
    }),
  },
);

/**
 * GitBook escapes every `_` in text (`PAGERDUTY\_CLIENT\_ID`, `:heavy\_plus\_sign:`), where the
 * serializer leaves intraword ones alone. Underscores go through the serializer as a private-use
 * character, which it never escapes, and come out escaped.
 */
const UNDERSCORE_STAND_IN = '\uE000';

/**
 * A bare URL in text: GFM renderers link it, and an escape inside would become part of the
 * link, so its underscores are left to the serializer. Link text is never linked again.
 */
const BARE_URL = /(?:https?:\/\/|www\.)[^\s<]*/g;

/**
 * Runs a handler with `_` in `value` as the stand-in (outside bare URLs, unless `inLink`), and
 * escapes the stand-ins it writes.
 */
function escapingUnderscores(
  value: string,
  write: (standIn: string) => string,
  inLink = true,
): string {
  // A backslash before `_` must itself be escaped, which only the serializer knows how to do.
  if (!value.includes('_') || /[\\\uE000]/.test(value)) return write(value);
  const standIn = (part: string) => part.replaceAll('_', UNDERSCORE_STAND_IN);
  let replaced = '';
  let last = 0;
  for (const url of inLink ? [] : value.matchAll(BARE_URL)) {
    replaced += standIn(value.slice(last, url.index)) + url[0];
    last = url.index + url[0].length;
  }
  replaced += standIn(value.slice(last));
  return write(replaced).replaceAll(UNDERSCORE_STAND_IN, '\\_');
}

type UnsafePattern = State['unsafe'][number];

/** A serialization's unsafe patterns by the (ASCII) code of the character each may escape. */
const patternIndexes = new WeakMap<State['unsafe'], UnsafePattern[][]>();

function patternsByCode(unsafe: State['unsafe']): UnsafePattern[][] {
  let byCode = patternIndexes.get(unsafe);
  if (byCode === undefined) {
    byCode = Array.from({ length: 128 }, () => []);
    for (const pattern of unsafe) byCode[pattern.character.charCodeAt(0)]?.push(pattern);
    patternIndexes.set(unsafe, byCode);
  }
  return byCode;
}

/**
 * The serializer's `safe` for running text, asked only about the patterns of characters the
 * text holds: a pattern of another character matches only in the text around it, which `safe`
 * reads solely to decide intraword underscores (so text with `_` is checked against them all).
 * Most text holds few of the forty-odd characters: this is most of the writer's time saved.
 */
function safeText(state: State, value: string, info: SafeConfig): string {
  if (value.includes('_')) return state.safe(value, info);
  const byCode = patternsByCode(state.unsafe);
  const seen: number[] = [];
  const unsafe: UnsafePattern[] = [];
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const patterns = byCode[code];
    if (patterns === undefined || patterns.length === 0 || seen.includes(code)) continue;
    seen.push(code);
    unsafe.push(...patterns);
  }
  return { ...state, unsafe }.safe(value, info);
}

/** The text handler of `mdast-util-to-markdown`, with `safeText`. */
const text: Handle = (node: Text, parent, state, info) => {
  const siblings = parent?.children ?? [];
  const index = state.indexStack.at(-1) ?? -1;
  const config = { ...info, afterNode: siblings[index + 1], beforeNode: siblings[index - 1] };
  return escapingUnderscores(
    node.value,
    (value) => safeText(state, value, config),
    state.stack.includes('label'),
  );
};

const image: Handle = (node: Image, parent, state, info) =>
  escapingUnderscores(node.alt ?? '', (alt) =>
    defaultHandlers.image({ ...node, alt }, parent, state, info),
  );

/** The task list extension's paragraph handler: it writes a task item's `[x] `. */
const taskListParagraph =
  gfmTaskListItemToMarkdown().handlers?.paragraph ?? defaultHandlers.paragraph;

/** Plain paragraphs and headings are written straight (`fast-phrasing.ts`); others as usual. */
const paragraph: Handle = (node: Paragraph, parent, state, info) => {
  // A task item's paragraph starts with its check, which the extension writes.
  const inTaskItem = parent?.type === 'listItem' && typeof parent.checked === 'boolean';
  const fast =
    inTaskItem || info.before !== '\n' || info.after !== '\n' ? undefined : fastParagraph(node);
  return fast ?? taskListParagraph(node, parent, state, info);
};

const heading: Handle = (node: Heading, parent, state, info) =>
  fastHeading(node) ?? defaultHandlers.heading(node, parent, state, info);

const gfmTable = gfmTableToMarkdown();
const tableHandler = gfmTable.handlers?.table as Handle;

/**
 * GFM's table handler, with each plain cell written straight: the handler lays the cells out,
 * and asks the state for each cell's text, which the general rules then write.
 */
const table: Handle = (node: Table, parent, state, info) => {
  const general = state.containerPhrasing;
  state.containerPhrasing = (cell, cellInfo) =>
    (cell.type === 'tableCell' ? fastCell(cell) : undefined) ?? general.call(state, cell, cellInfo);
  try {
    return tableHandler(node, parent, state, info);
  } finally {
    state.containerPhrasing = general;
  }
};

// GitBook's style: `*` bullets (`-` for a list right after another), `_` emphasis, `**` strong,
// `***` rules. A list item starting with a rule gets the other bullet, so `* ***` cannot occur.
const options: Options = {
  bullet: '*',
  bulletOther: '-',
  emphasis: '_',
  strong: '*',
  rule: '*',
  fences: true,
  // A wide marker (`*   `) for an item whose blocks are set apart, a narrow one otherwise.
  listItemIndent: 'mixed',
  join: [
    // An empty paragraph is one more blank line, as GitBook writes it: after it, a line ending only.
    (left) => (left.type === 'paragraph' && left.children.length === 0 ? 0 : undefined),
    // Items of a loose list without wide items are set apart instead (see `writeList`).
    (_, __, parent) => (parent.type === 'list' && parent.data?.itemsApart ? 1 : undefined),
  ],
  // Links are always `[text](url)`, as GitBook writes them, never `<url>` autolinks.
  resourceLink: true,
  handlers: {
    verbatim: (node: Verbatim) => node.value,
    emphasis,
    text,
    image,
    paragraph,
    heading,
    table,
  },
  unsafe: [
    // Text starting with `$` right after `$$x$$` would lengthen its closing sequence.
    { character: '$', before: '\\$', inConstruct: 'phrasing' },
    // `<2@a>` is an email autolink; the serializer only escapes `<` before a letter, `!`, `/`, `?`.
    { character: '<', after: '[^\\s<>@]*@', inConstruct: 'phrasing' },
  ],
  extensions: [
    gfmFootnoteToMarkdown(),
    gfmStrikethroughToMarkdown(),
    gfmTable,
    gfmTaskListItemToMarkdown(),
    mathToMarkdown({ singleDollarTextMath: false }),
    liquidTagToMarkdown(),
  ],
};

const { paragraph: _, heading: __, table: ___, ...generalHandlers } = options.handlers ?? {};
/** The same style with every paragraph, heading and cell left to the serializer's general rules. */
const generalOptions: Options = { ...options, handlers: generalHandlers };

/**
 * Serializes mdast to Markdown in Quire's canonical style; `general` leaves out the straight
 * path for plain text, which must change nothing (the tests compare the two).
 */
export function serializeMarkdownTree(tree: Nodes, { general = false } = {}): string {
  return toMarkdown(tree, general ? generalOptions : options);
}
