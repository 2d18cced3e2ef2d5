import type { ButtonInline, Inline, InlineContent, LinkInline } from '@quire/document';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { classToken } from './class-names.js';
import type { RenderContext } from './context.js';
import { renderPicture } from './images.js';
import { renderLeaf } from './marks.js';
import { renderFormula } from './math.js';
import { sanitizeInlineHtml } from './sanitize.js';
import { linkRefUrl } from './urls.js';

/** Running text: text leaves with their marks, and inlines. */
export function renderInlines(
  nodes: readonly InlineContent[],
  context: RenderContext,
): ElementContent[] {
  return nodes.flatMap((node) =>
    node.object === 'text' ? node.leaves.flatMap(renderLeaf) : renderInline(node, context),
  );
}

/** One inline node. */
export function renderInline(inline: Inline, context: RenderContext): ElementContent[] {
  switch (inline.type) {
    case 'link':
      return renderLink(inline, context);
    case 'inline-image': {
      const picture = renderPicture(inline.data, context);
      return picture === undefined ? textNodes(inline.data.alt ?? '') : [picture];
    }
    case 'inline-math':
      return [
        h(
          'span',
          { className: ['math', 'math-inline'] },
          renderFormula(inline.data.formula, false),
        ),
      ];
    case 'expression': {
      const value = context.options.resolveExpression(inline.data.expression);
      return value === undefined
        ? [h('code', { className: ['expression'] }, inline.data.expression)]
        : [h('span', { className: ['expression'] }, value)];
    }
    case 'emoji':
      return [h('span', { className: ['emoji'] }, emojiFromCode(inline.data.code))];
    case 'mention':
      return [h('span', { className: ['mention'] }, inline.data.label)];
    case 'icon':
      // GitBook's icons are Font Awesome names; the class is what Font Awesome's CSS looks for.
      return [h('i', { className: [`fa-${classToken(inline.data.icon)}`], ariaHidden: 'true' })];
    case 'button':
      return [renderButton(inline, context)];
    case 'raw':
      return renderRawInline(inline.data.markdown);
    default:
      return assertNoInline(inline);
  }
}

function renderLink(link: LinkInline, context: RenderContext): ElementContent[] {
  const children = renderInlines(link.nodes, context);
  const href = linkRefUrl(link.data.ref, context);
  // An unresolved page or an unsafe URL leaves the text readable, without a broken link.
  if (href === undefined) return children;
  return [h('a', { href, title: link.data.title }, children)];
}

function renderButton(button: ButtonInline, context: RenderContext): ElementContent {
  const className = ['button', button.data.kind];
  const href = button.data.ref === undefined ? undefined : linkRefUrl(button.data.ref, context);
  if (href !== undefined) return h('a', { href, className }, button.data.label);
  // An action (asking the assistant) needs the site's script; the button carries what it asks.
  return h(
    'button',
    {
      type: 'button',
      className,
      dataAction: button.data.action,
      dataQuery: button.data.query,
    },
    button.data.label,
  );
}

// Raw inlines hold inline HTML the model does not represent, or other Markdown (footnote
// references) that reads best as its own text.
function renderRawInline(markdown: string): ElementContent[] {
  return markdown.trimStart().startsWith('<') ? sanitizeInlineHtml(markdown) : textNodes(markdown);
}

function textNodes(value: string): ElementContent[] {
  return value === '' ? [] : [{ type: 'text', value }];
}

/** An emoji's character from its code points (`1f44d` → 👍, joined by `-`). */
function emojiFromCode(code: string): string {
  const points = code.split('-').map((hex) => Number.parseInt(hex, 16));
  return points.every((point) => Number.isInteger(point) && point >= 0 && point <= 0x10ffff)
    ? String.fromCodePoint(...points)
    : '';
}

function assertNoInline(inline: never): never {
  throw new Error(`Unknown inline: ${JSON.stringify(inline)}`);
}
