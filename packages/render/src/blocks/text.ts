import type { HeadingBlock, MathBlock, ParagraphBlock } from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { headingDepth } from '../headings.js';
import { renderInlines } from '../inlines.js';
import { renderFormula } from '../math.js';

/** A paragraph. */
export function renderParagraph(block: ParagraphBlock, context: RenderContext): Element {
  return h('p', renderInlines(block.nodes, context));
}

/** A heading at its Markdown level (`heading-3` with `level: 5` is `<h5>`), with its page id. */
export function renderHeading(block: HeadingBlock, context: RenderContext): Element {
  // A heading of only symbols or emoji slugs to nothing: it gets no anchor rather than `id=""`.
  const id = context.headingId(block);
  return h(
    `h${headingDepth(block)}`,
    { id: id === '' ? undefined : id },
    renderInlines(block.nodes, context),
  );
}

/** A display formula. */
export function renderMath(block: MathBlock): Element {
  return h('div', { className: ['math', 'math-display'] }, renderFormula(block.data.formula, true));
}
