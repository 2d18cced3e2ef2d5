import type { ConditionalBlock, ReusableContentBlock } from '@quire/document';
import type { ElementContent } from 'hast';
import type { RenderContext } from '../context.js';
import { renderBlocks } from './index.js';

// Reusable content may include other reusable content; past this depth it is a cycle.
const MAX_INCLUDE_DEPTH = 8;

/** Conditional content: its blocks when the caller's predicate shows it, else nothing. */
export function renderConditional(
  block: ConditionalBlock,
  context: RenderContext,
): ElementContent[] {
  return context.options.showCondition(block.data.condition)
    ? renderBlocks(block.nodes, context)
    : [];
}

/** Reusable content: the blocks of the document the caller resolves it to, in place. */
export function renderReusableContent(
  block: ReusableContentBlock,
  context: RenderContext,
): ElementContent[] {
  if (context.includeDepth >= MAX_INCLUDE_DEPTH) return [];
  const included = context.options.resolveReusableContent(block.data.ref.reusableContent);
  if (included === undefined) return [];
  return renderBlocks(included.nodes, { ...context, includeDepth: context.includeDepth + 1 });
}
