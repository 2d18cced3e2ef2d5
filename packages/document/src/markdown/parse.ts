import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { liquidTagFromMarkdown } from '../liquid-tag/mdast.js';
import { liquidTagSyntax } from '../liquid-tag/syntax.js';

// GitBook writes inline math as `$$x$$`; single dollars stay text so prices like "$5" survive.
// YAML front matter (GitBook's page description and icon) is read as one node, not as a rule
// and a setext heading.
const syntaxExtensions = [
  frontmatter(['yaml']),
  gfm(),
  math({ singleDollarTextMath: false }),
  liquidTagSyntax(),
];
const mdastExtensions = [
  frontmatterFromMarkdown(['yaml']),
  gfmFromMarkdown(),
  mathFromMarkdown(),
  liquidTagFromMarkdown(),
];

/** Parses Markdown (front matter + CommonMark + GFM + math + GitBook tag lines) into mdast. */
export function parseMarkdownTree(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: syntaxExtensions, mdastExtensions });
}
