import type {
  BlockquoteBlock,
  ColumnsBlock,
  ExpandableBlock,
  HintBlock,
  HintStyle,
  PromptBlock,
  StepperBlock,
  TabsBlock,
} from '@quire/document';
import type { Element } from 'hast';
import { h } from 'hastscript';
import { classToken } from '../class-names.js';
import type { RenderContext } from '../context.js';
import { renderBlocks } from './index.js';

const HINT_LABELS: Record<HintStyle, string> = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
};

/** A block quote. */
export function renderBlockquote(block: BlockquoteBlock, context: RenderContext): Element {
  return h('blockquote', renderBlocks(block.nodes, context));
}

/** A hint: a note named by its style, so a screen reader says "Warning" before the text. */
export function renderHint(block: HintBlock, context: RenderContext): Element {
  const { style, icon } = block.data;
  return h(
    'div',
    {
      className: ['hint', `hint-${style}`],
      role: 'note',
      ariaLabel: HINT_LABELS[style],
      dataIcon: icon === undefined ? undefined : classToken(icon),
    },
    renderBlocks(block.nodes, context),
  );
}

/**
 * Tabs as one disclosure per tab, the first open. Sharing a `name` makes them exclusive in
 * browsers that support it (one open at a time, like tabs); elsewhere each opens on its own.
 * Both work without a script, and every panel's content stays in the page for search.
 */
export function renderTabs(block: TabsBlock, context: RenderContext): Element {
  const name = context.nextTabsName();
  return h(
    'div',
    { className: ['tabs'] },
    block.nodes.map((tab, index) =>
      h('details', { className: ['tab'], name, open: index === 0 }, [
        h('summary', tab.data.title),
        h('div', { className: ['tab-panel'] }, renderBlocks(tab.nodes, context)),
      ]),
    ),
  );
}

/** An expandable section. */
export function renderExpandable(block: ExpandableBlock, context: RenderContext): Element {
  return h('details', { className: ['expandable'], open: block.data.open === true }, [
    h('summary', block.data.title),
    ...renderBlocks(block.nodes, context),
  ]);
}

/** A stepper: an ordered list of steps, so the numbering is the list's. */
export function renderStepper(block: StepperBlock, context: RenderContext): Element {
  return h(
    'ol',
    { className: ['stepper'] },
    block.nodes.map((step) => h('li', { className: ['step'] }, renderBlocks(step.nodes, context))),
  );
}

const COLUMN_WIDTH = /^\d+(?:\.\d+)?%$/;

/** Columns side by side; a column's width, when it is a percentage, becomes its basis. */
export function renderColumns(block: ColumnsBlock, context: RenderContext): Element {
  return h(
    'div',
    { className: ['columns'] },
    block.nodes.map((column) => {
      const width = column.data?.width;
      return h(
        'div',
        {
          className: ['column'],
          style:
            width !== undefined && COLUMN_WIDTH.test(width) ? `flex-basis:${width}` : undefined,
        },
        renderBlocks(column.nodes, context),
      );
    }),
  );
}

/** A prompt to copy, captioned by its description. */
export function renderPrompt(block: PromptBlock, context: RenderContext): Element {
  const description = block.data?.description;
  return h('figure', { className: ['prompt'] }, [
    description === undefined ? undefined : h('figcaption', description),
    ...renderBlocks(block.nodes, context),
  ]);
}
