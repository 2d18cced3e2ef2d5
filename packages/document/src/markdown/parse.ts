import type { Nodes, Root, Yaml } from 'mdast';
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
import { fastTree } from './fast-tree.js';
import { type MarkdownPiece, splitTopLevelBlocks } from './top-level-blocks.js';

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

// micromark's time per byte grows with the length of what it reads (a 2 MiB page takes three
// times as long as a 1 MiB one); read in pieces of this size, a page takes time in proportion.
const pieceBytes = 4 * 1024;

/**
 * Parses Markdown (front matter + CommonMark + GFM + math + GitBook tag lines) into mdast, the
 * tree micromark reads (`micromarkTree`), at markdown-it's pace: a text is read by `fastTree`
 * where it reads it exactly as micromark does, and otherwise cut into its top-level blocks, each
 * read fast where it can be, the others by micromark.
 */
export function parseMarkdownTree(markdown: string): Root {
  const front = frontMatter(markdown);
  if (front !== undefined) {
    const rest = movedTo(front.rest, parseMarkdownTree(front.rest.text));
    // The text ends where the text after the front matter ends, or with the front matter.
    const fenceEnd = front.yaml.position?.end;
    const end = front.rest.offset === fenceEnd?.offset ? fenceEnd : rest.position?.end;
    const start = { line: 1, column: 1, offset: 0 };
    return {
      type: 'root',
      children: [front.yaml, ...rest.children],
      ...(end === undefined ? {} : { position: { start, end } }),
    };
  }
  const whole = fastTree(markdown);
  if (whole !== undefined) return whole;
  const pieces = splitTopLevelBlocks(markdown, 0);
  if (pieces.length === 1) return micromarkTree(markdown);
  const trees: Root[] = [];
  let pending: MarkdownPiece | undefined;
  const readPending = () => {
    if (pending !== undefined) trees.push(movedTo(pending, micromarkTree(pending.text)));
    pending = undefined;
  };
  for (const piece of pieces) {
    const tree = fastTree(piece.text);
    if (tree !== undefined) {
      readPending();
      trees.push(movedTo(piece, tree));
    } else {
      pending =
        pending === undefined ? { ...piece } : { ...pending, text: pending.text + piece.text };
      if (pending.text.length >= pieceBytes) readPending();
    }
  }
  readPending();
  return joined(trees);
}

/**
 * Parses Markdown with micromark, the reference reader. A long text is read in pieces of whole
 * top-level blocks (see `splitTopLevelBlocks`), the same tree as read whole, positions included.
 */
export function micromarkTree(markdown: string, piecesOf = pieceBytes): Root {
  const pieces = splitTopLevelBlocks(markdown, piecesOf);
  const [first] = pieces;
  if (pieces.length === 1 && first !== undefined) return parseWhole(first.text);
  return joined(pieces.map((piece) => movedTo(piece, parseWhole(piece.text))));
}

function parseWhole(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: syntaxExtensions, mdastExtensions });
}

/**
 * YAML front matter between bare `---` lines (GitBook's, for a page's description and icon), as
 * micromark's extension reads it, and the text after it; `undefined` for any other opening (a
 * fence with spaces after it, carriage returns, no closing fence), which micromark reads. The
 * text after it is read on its own: what could only open a text (front matter again, a byte
 * order mark) is left to micromark with the whole.
 */
function frontMatter(markdown: string): { yaml: Yaml; rest: MarkdownPiece } | undefined {
  if (!markdown.startsWith('---\n') || markdown.includes('\r')) return undefined;
  let line = 2;
  for (let start = 4; start <= markdown.length; line++) {
    const newline = markdown.indexOf('\n', start);
    const end = newline === -1 ? markdown.length : newline;
    const isFence =
      markdown.startsWith('---', start) && /^[ \t]*$/.test(markdown.slice(start + 3, end));
    // A fence with spaces after it closes too, and is left to micromark (its end column).
    if (isFence && end - start !== 3) return undefined;
    if (isFence) {
      const restOffset = newline === -1 ? end : newline + 1;
      const rest = markdown.slice(restOffset);
      if (rest.startsWith('---') || rest.startsWith('\uFEFF')) return undefined;
      return {
        yaml: {
          type: 'yaml',
          value: markdown.slice(4, Math.max(4, start - 1)),
          position: {
            start: { line: 1, column: 1, offset: 0 },
            end: { line, column: 4, offset: end },
          },
        },
        rest: { text: rest, offset: restOffset, linesBefore: newline === -1 ? line - 1 : line },
      };
    }
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  return undefined;
}

/** The trees of consecutive pieces as one tree. */
function joined(trees: Root[]): Root {
  const start = trees[0]?.position?.start;
  const end = trees.at(-1)?.position?.end;
  return {
    type: 'root',
    children: trees.flatMap((tree) => tree.children),
    ...(start && end ? { position: { start, end } } : {}),
  };
}

/** A piece's tree, its positions moved to where the piece is in the whole text. */
function movedTo(piece: MarkdownPiece, tree: Root): Root {
  if (piece.offset === 0) return tree;
  const move = (node: Nodes): void => {
    const { position } = node;
    if (position !== undefined) {
      position.start.line += piece.linesBefore;
      position.end.line += piece.linesBefore;
      if (position.start.offset !== undefined) position.start.offset += piece.offset;
      if (position.end.offset !== undefined) position.end.offset += piece.offset;
    }
    if ('children' in node) for (const child of node.children) move(child);
  };
  move(tree);
  return tree;
}
