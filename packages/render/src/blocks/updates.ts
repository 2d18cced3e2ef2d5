import type { UpdateBlock, UpdatesBlock } from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { renderBlocks } from './index.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A changelog: one article per dated update. */
export function renderUpdates(block: UpdatesBlock, context: RenderContext): Element {
  return h(
    'div',
    { className: ['updates'] },
    block.nodes.map((update) => renderUpdate(update, context)),
  );
}

function renderUpdate(update: UpdateBlock, context: RenderContext): Element {
  const date = update.data?.date;
  const tags = (update.data?.tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  const header =
    date === undefined && tags.length === 0
      ? undefined
      : h('header', [
          date === undefined
            ? undefined
            : ISO_DATE.test(date)
              ? h('time', { dateTime: date }, date)
              : h('span', { className: ['update-date'] }, date),
          tags.length === 0
            ? undefined
            : h(
                'ul',
                { className: ['update-tags'] },
                tags.map((tag) => h('li', tag)),
              ),
        ]);
  return h('article', { className: ['update'] }, [header, ...renderBlocks(update.nodes, context)]);
}
