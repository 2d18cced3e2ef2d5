import type { Emphasis, Literal, Nodes } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { defaultHandlers, type Options, toMarkdown, type Unsafe } from 'mdast-util-to-markdown';
import { liquidTagToMarkdown } from '../liquid-tag/mdast.js';

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
}

/**
 * GFM reads `www.` and email addresses in text as links, so the GFM extension escapes `.` after
 * any `w` and `@` between word characters. GitBook escapes neither (`Add new...`, `Lambda@Edge`),
 * and only text that could turn into a link needs it: `.` is escaped after `www`, and `@` when a
 * dotted domain follows it.
 */
function gitbookUnsafe(pattern: Unsafe): Unsafe[] {
  if (pattern.character === '@' && pattern.before === '[+\\-.\\w]') {
    return [{ ...pattern, after: '[\\-.\\w]*\\.[\\-\\w]' }];
  }
  if (pattern.character === '.' && pattern.before === '[Ww]') {
    return [{ ...pattern, before: '[Ww]{3}' }];
  }
  return [pattern];
}

function withGitbookEscaping(extension: Options): Options {
  return {
    ...extension,
    unsafe: extension.unsafe?.flatMap(gitbookUnsafe),
    extensions: extension.extensions?.map(withGitbookEscaping),
  };
}

/**
 * GitBook writes emphasis with `_`. Right next to another mark (`_**a** b_`) a `_` can pair up
 * with the wrong delimiter once intraword characters are encoded, so `*` is used there, as
 * CommonMark allows both.
 */
function emphasisMarker(node: Emphasis): '_' | '*' {
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

// GitBook's style: `*` bullets (`-` for a list right after another), `_` emphasis, `**` strong,
// `***` rules. A list item starting with a rule gets the other bullet, so `* ***` cannot occur.
const options: Options = {
  bullet: '*',
  bulletOther: '-',
  emphasis: '_',
  strong: '*',
  rule: '*',
  fences: true,
  listItemIndent: 'one',
  // An empty paragraph is one more blank line, as GitBook writes it: after it, a line ending only.
  join: [(left) => (left.type === 'paragraph' && left.children.length === 0 ? 0 : undefined)],
  // Links are always `[text](url)`, as GitBook writes them, never `<url>` autolinks.
  resourceLink: true,
  handlers: { verbatim: (node: Verbatim) => node.value, emphasis },
  // Text starting with `$` right after `$$x$$` would lengthen its closing sequence.
  unsafe: [{ character: '$', before: '\\$', inConstruct: 'phrasing' }],
  extensions: [
    withGitbookEscaping(gfmToMarkdown()),
    mathToMarkdown({ singleDollarTextMath: false }),
    liquidTagToMarkdown(),
  ],
};

/** Serializes mdast to Markdown in Quire's canonical style. */
export function serializeMarkdownTree(tree: Nodes): string {
  return toMarkdown(tree, options);
}
