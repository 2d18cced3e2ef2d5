import {
  type Block,
  type ListBlock,
  type ListItemBlock,
  plainText,
  SCHEMA_VERSION,
} from '@quire/document';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { renderInlines } from '../inlines.js';
import { renderBlock } from './index.js';

/**
 * A list. Items of a tight list show their paragraphs as bare text, as Markdown renders them;
 * task items start with a disabled checkbox.
 */
export function renderList(list: ListBlock, context: RenderContext): Element {
  const tight = list.data?.loose !== true;
  const items = list.nodes.map((item) => renderListItem(item, tight, context));
  if (list.type === 'list-ordered') {
    const start = list.data?.start;
    return h('ol', { start: start === undefined || start === 1 ? undefined : start }, items);
  }
  return h('ul', { className: list.type === 'list-tasks' ? ['task-list'] : undefined }, items);
}

function renderListItem(item: ListItemBlock, tight: boolean, context: RenderContext): Element {
  const checked = item.data?.checked;
  const children = item.nodes.map((block) => renderItemBlock(block, tight, context));
  if (checked === undefined) return h('li', children.flat());
  const checkbox = h('input', {
    type: 'checkbox',
    checked,
    disabled: true,
    // The item's own text names the box, as a <label> around it would.
    ariaLabel: itemText(item) || 'Task',
  });
  const [first, ...rest] = children;
  const firstBlock = item.nodes[0];
  // The box goes inside the first paragraph, so it sits on the text's line.
  if (firstBlock?.type === 'paragraph' && !tight && first?.[0]?.type === 'element') {
    const paragraph = first[0];
    paragraph.children.unshift(checkbox, { type: 'text', value: ' ' });
    return h('li', { className: ['task-list-item'] }, [paragraph, ...rest.flat()]);
  }
  return h('li', { className: ['task-list-item'] }, [
    checkbox,
    { type: 'text', value: ' ' },
    ...children.flat(),
  ]);
}

function renderItemBlock(block: Block, tight: boolean, context: RenderContext): ElementContent[] {
  return tight && block.type === 'paragraph'
    ? renderInlines(block.nodes, context)
    : renderBlock(block, context);
}

function itemText(item: ListItemBlock): string {
  const first = item.nodes[0];
  if (first === undefined) return '';
  return plainText({ object: 'document', data: { schemaVersion: SCHEMA_VERSION }, nodes: [first] })
    .split('\n')[0]!
    .trim();
}
