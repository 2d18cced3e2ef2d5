import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { liquidTagFromMarkdown } from '../liquid-tag/mdast.js';
import { liquidTagSyntax } from '../liquid-tag/syntax.js';

// GitBook writes inline math as `$$x$$`; single dollars stay text so prices like "$5" survive.
const syntaxExtensions = [gfm(), math({ singleDollarTextMath: false }), liquidTagSyntax()];
const mdastExtensions = [gfmFromMarkdown(), mathFromMarkdown(), liquidTagFromMarkdown()];

/** Parses Markdown (CommonMark + GFM + math + GitBook tag lines) into mdast. */
export function parseMarkdownTree(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: syntaxExtensions, mdastExtensions });
}
