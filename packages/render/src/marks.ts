import type { Leaf, Mark } from '@quire/document';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { classToken } from './class-names.js';

/** A leaf's text, `\n` as `<br>`. */
function leafText(text: string): ElementContent[] {
  const nodes: ElementContent[] = [];
  text.split('\n').forEach((line, index) => {
    if (index > 0) nodes.push(h('br'));
    if (line !== '') nodes.push({ type: 'text', value: line });
  });
  return nodes;
}

/** The element a mark wraps its text in. */
function markElement(mark: Mark, children: ElementContent[]): ElementContent {
  switch (mark.type) {
    case 'bold':
      return h('strong', children);
    case 'italic':
      return h('em', children);
    case 'strikethrough':
      return h('s', children);
    case 'code':
      return h('code', children);
    case 'keyboard':
      return h('kbd', children);
    case 'superscript':
      return h('sup', children);
    case 'subscript':
      return h('sub', children);
    case 'color':
      return colorElement(mark.data, children);
    default:
      return assertNoMark(mark);
  }
}

// Colours are GitBook's names (`blue`, `red`…), mapped to classes the site's theme styles, so a
// document cannot inject CSS. A background highlights the text, which is what `<mark>` means.
function colorElement(
  color: { text?: string; background?: string },
  children: ElementContent[],
): ElementContent {
  const className = [
    color.text === undefined ? undefined : `color-${classToken(color.text)}`,
    color.background === undefined ? undefined : `background-${classToken(color.background)}`,
  ].filter((name) => name !== undefined);
  return h(color.background === undefined ? 'span' : 'mark', { className }, children);
}

function assertNoMark(mark: never): never {
  throw new Error(`Unknown mark: ${JSON.stringify(mark)}`);
}

/** A leaf as HTML: its text wrapped in one element per mark, the first mark outermost. */
export function renderLeaf(leaf: Leaf): ElementContent[] {
  let nodes = leafText(leaf.text);
  for (const mark of [...leaf.marks].reverse()) nodes = [markElement(mark, nodes)];
  return nodes;
}
