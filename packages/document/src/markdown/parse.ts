import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { mathFromMarkdown } from 'mdast-util-math';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { math } from 'micromark-extension-math';
import { liquidTagFromMarkdown } from '../liquid-tag/mdast.js';
import { liquidTagSyntax } from '../liquid-tag/syntax.js';

// GitBook writes inline math as `$$x$$`; single dollars stay text so prices like "$5" survive.
// YAML front matter (GitBook's page description and icon) is read as one node, not as a rule
// and a setext heading. GFM without autolink literals, as GitBook reads it: a bare URL in text
// stays text (GitBook writes a link as `[url](url)`).
const syntaxExtensions = [
  frontmatter(['yaml']),
  gfmFootnote(),
  gfmStrikethrough(),
  gfmTable(),
  gfmTaskListItem(),
  math({ singleDollarTextMath: false }),
  liquidTagSyntax(),
];
const mdastExtensions = [
  frontmatterFromMarkdown(['yaml']),
  gfmFootnoteFromMarkdown(),
  gfmStrikethroughFromMarkdown(),
  gfmTableFromMarkdown(),
  gfmTaskListItemFromMarkdown(),
  mathFromMarkdown(),
  liquidTagFromMarkdown(),
];

/** Parses Markdown (front matter + CommonMark + GFM + math + GitBook tag lines) into mdast. */
export function parseMarkdownTree(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: syntaxExtensions, mdastExtensions });
}
