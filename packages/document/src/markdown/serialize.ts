import type { Literal, Nodes } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { mathToMarkdown } from 'mdast-util-math';
import { type Options, toMarkdown } from 'mdast-util-to-markdown';
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

const options: Options = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  // Underscores: a `*` or `-` rule can collide with the list bullet (`* ***` is one rule).
  rule: '_',
  fences: true,
  listItemIndent: 'one',
  handlers: { verbatim: (node: Verbatim) => node.value },
  // Text starting with `$` right after `$$x$$` would lengthen its closing sequence.
  unsafe: [{ character: '$', before: '\\$', inConstruct: 'phrasing' }],
  extensions: [
    gfmToMarkdown(),
    mathToMarkdown({ singleDollarTextMath: false }),
    liquidTagToMarkdown(),
  ],
};

/** Serializes mdast to Markdown in Quire's canonical style. */
export function serializeMarkdownTree(tree: Nodes): string {
  return toMarkdown(tree, options);
}
