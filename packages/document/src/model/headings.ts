import type { HeadingBlock, InlineContent } from '../types.js';

/** A Markdown heading level. */
export type HeadingDepth = 1 | 2 | 3 | 4 | 5 | 6;

/** A Markdown heading of `depth` 1–6 as a block: 4–6 are `heading-3` keeping their level. */
export function headingBlock(depth: HeadingDepth, nodes: InlineContent[]): HeadingBlock {
  if (depth === 1) return { object: 'block', type: 'heading-1', nodes };
  if (depth === 2) return { object: 'block', type: 'heading-2', nodes };
  if (depth === 3) return { object: 'block', type: 'heading-3', nodes };
  return { object: 'block', type: 'heading-3', data: { level: depth }, nodes };
}

/** The Markdown level (1–6) of a heading block. */
export function headingLevel(block: HeadingBlock): HeadingDepth {
  if (block.data?.level !== undefined) return block.data.level;
  return block.type === 'heading-1' ? 1 : block.type === 'heading-2' ? 2 : 3;
}
