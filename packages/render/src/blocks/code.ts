import type { CodeBlock } from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import { classToken } from '../class-names.js';
import { codeLanguage } from '../code.js';
import type { RenderContext } from '../context.js';

/** The text of a code block: its lines joined. */
export function codeText(block: CodeBlock): string {
  return block.nodes
    .map((line) => line.nodes[0].leaves.map((leaf) => leaf.text).join(''))
    .join('\n');
}

/**
 * A code block highlighted by Shiki, in a `<figure>` with its title as the caption. Line numbers,
 * wrapping and collapsing are classes for the site's CSS: none needs a script.
 */
export function renderCode(block: CodeBlock, context: RenderContext): Element {
  const data = block.data ?? {};
  const language = codeLanguage(data.syntax);
  const pre = context.highlighter.highlight(codeText(block), language);
  const className = [
    'code-block',
    data.syntax === undefined ? undefined : `language-${classToken(data.syntax)}`,
    data.lineNumbers === true ? 'line-numbers' : undefined,
    data.overflow === 'wrap' ? 'wrap' : undefined,
    data.expandable === true ? 'expandable' : undefined,
  ].filter((name) => name !== undefined);
  return h('figure', { className }, [
    data.title === undefined
      ? undefined
      : h('figcaption', { className: ['code-title'] }, data.title),
    pre,
  ]);
}
