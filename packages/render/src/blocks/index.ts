import type { Block } from '@quire/document';
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import type { RenderContext } from '../context.js';
import { renderCode } from './code.js';
import {
  renderBlockquote,
  renderColumns,
  renderExpandable,
  renderHint,
  renderPrompt,
  renderStepper,
  renderTabs,
} from './containers.js';
import { gatherHtmlSpans, renderHtmlSpan } from './html-spans.js';
import { renderImages } from './images.js';
import { renderConditional, renderReusableContent } from './inclusions.js';
import { renderList } from './lists.js';
import { renderOpenAPI } from './openapi.js';
import { renderRaw } from './raw.js';
import { renderContentRef, renderEmbed, renderFile, renderPageRef } from './references.js';
import { renderTable } from './tables.js';
import { renderHeading, renderMath, renderParagraph } from './text.js';
import { renderUpdates } from './updates.js';

/** Blocks in order; Markdown written inside an HTML element stays inside it. */
export function renderBlocks(blocks: readonly Block[], context: RenderContext): ElementContent[] {
  return gatherHtmlSpans(blocks).flatMap((item) =>
    'parts' in item
      ? renderHtmlSpan(item, (block) => renderBlock(block, context))
      : renderBlock(item, context),
  );
}

/**
 * One block. Every block type has a case; a type added to the model fails to compile here until
 * it is rendered. Parts of a block (a list item, a tab, a table row) found on their own are
 * rendered inside their usual parent, so the HTML stays valid.
 */
export function renderBlock(block: Block, context: RenderContext): ElementContent[] {
  switch (block.type) {
    case 'paragraph':
      return [renderParagraph(block, context)];
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [renderHeading(block, context)];
    case 'list-ordered':
    case 'list-unordered':
    case 'list-tasks':
      return [renderList(block, context)];
    case 'list-item':
      return [renderList({ object: 'block', type: 'list-unordered', nodes: [block] }, context)];
    case 'blockquote':
      return [renderBlockquote(block, context)];
    case 'code':
      return [renderCode(block, context)];
    case 'code-line':
      return [renderCode({ object: 'block', type: 'code', nodes: [block] }, context)];
    case 'hint':
      return [renderHint(block, context)];
    case 'table':
      return [renderTable(block, context)];
    case 'table-row':
      return [
        renderTable(
          { object: 'block', type: 'table', data: { align: [] }, nodes: [block] },
          context,
        ),
      ];
    case 'table-cell':
      return renderBlock({ object: 'block', type: 'table-row', nodes: [block] }, context);
    case 'images':
      return [renderImages(block, context)];
    case 'image':
      return [renderImages({ object: 'block', type: 'images', nodes: [block] }, context)];
    case 'divider':
      return [h('hr')];
    case 'math':
      return [renderMath(block)];
    case 'tabs':
      return [renderTabs(block, context)];
    case 'tabs-item':
      return [renderTabs({ object: 'block', type: 'tabs', nodes: [block] }, context)];
    case 'expandable':
      return [renderExpandable(block, context)];
    case 'embed':
      return [renderEmbed(block)];
    case 'file':
      return [renderFile(block, context)];
    case 'content-ref':
      return [renderContentRef(block, context)];
    case 'page-ref':
      return [renderPageRef(block, context)];
    case 'stepper':
      return [renderStepper(block, context)];
    case 'stepper-step':
      return [renderStepper({ object: 'block', type: 'stepper', nodes: [block] }, context)];
    case 'columns':
      return [renderColumns(block, context)];
    case 'column':
      return [renderColumns({ object: 'block', type: 'columns', nodes: [block] }, context)];
    case 'updates':
      return [renderUpdates(block, context)];
    case 'update':
      return [renderUpdates({ object: 'block', type: 'updates', nodes: [block] }, context)];
    case 'prompt':
      return [renderPrompt(block, context)];
    case 'reusable-content':
      return renderReusableContent(block, context);
    case 'openapi':
      return [renderOpenAPI(block, context)];
    case 'conditional':
      return renderConditional(block, context);
    case 'raw':
      return renderRaw(block);
    default:
      return assertNoBlock(block);
  }
}

function assertNoBlock(block: never): never {
  throw new Error(`Unknown block: ${JSON.stringify(block)}`);
}
