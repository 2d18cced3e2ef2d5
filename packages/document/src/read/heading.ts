import type { Heading } from 'mdast';
import { headingAnchor } from '../html/mark-tags.js';
import { headingBlock } from '../model/headings.js';
import type { HeadingBlock } from '../types.js';
import type { ReadContext } from './context.js';
import { readInlines } from './inlines.js';

/**
 * Reads a heading, with the explicit anchor GitBook writes after its text
 * (`## Title <a href="#id" id="id"></a>`) as `data.anchor`.
 */
export function readHeading(node: Heading, context: ReadContext): HeadingBlock {
  const children = node.children;
  const [before, open, close] = children.slice(-3);
  const anchor = open?.type === 'html' ? headingAnchor(open.value) : undefined;
  const spaced = before?.type === 'text' && /[^ ] $|^ $/.test(before.value);
  if (anchor === undefined || close?.type !== 'html' || close.value !== '</a>' || !spaced) {
    return headingBlock(node.depth, readInlines(children, context));
  }
  const text = [...children.slice(0, -3), { ...before, value: before.value.slice(0, -1) }];
  const block = headingBlock(node.depth, readInlines(text, context));
  block.data = { ...block.data, anchor };
  return block;
}
