import type {
  InlineContent,
  TableAlign,
  TableBlock,
  TableCellBlock,
  TableCellContent,
} from '@quire/document';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { classNames } from '../class-names.js';
import type { RenderContext } from '../context.js';
import { renderInlines } from '../inlines.js';
import { renderCards } from './cards.js';
import { renderBlocks } from './index.js';

/** Whether a cell holds blocks (GitBook's HTML tables) rather than running text. */
export function isCellBlocks(nodes: TableCellBlock['nodes']): nodes is TableCellContent[] {
  const first = nodes[0];
  return first !== undefined && first.object === 'block';
}

/** A cell's content, running text or blocks. */
export function renderCellContent(cell: TableCellBlock, context: RenderContext): ElementContent[] {
  return isCellBlocks(cell.nodes)
    ? renderBlocks(cell.nodes, context)
    : renderInlines(cell.nodes as InlineContent[], context);
}

/** The indexes of the columns shown (hidden columns only feed cards). */
export function visibleColumns(table: TableBlock): number[] {
  const count = Math.max(0, ...table.nodes.map((row) => row.nodes.length));
  return Array.from({ length: count }, (_, index) => index).filter(
    (index) => table.data.columns?.[index]?.hidden !== true,
  );
}

function alignStyle(align: TableAlign | undefined): string | undefined {
  return align === undefined || align === null ? undefined : `text-align:${align}`;
}

/**
 * A table, its first row as the header (`<th scope="col">`); a table in GitBook's cards view is
 * rendered as cards.
 */
export function renderTable(table: TableBlock, context: RenderContext): Element {
  if (table.data.view === 'cards') return renderCards(table, context);
  const columns = visibleColumns(table);
  const [header, ...body] = table.nodes;
  const row = (cells: TableCellBlock[], tag: 'th' | 'td') =>
    h(
      'tr',
      columns.map((index) => {
        const cell = cells[index];
        return h(
          tag,
          { scope: tag === 'th' ? 'col' : undefined, style: alignStyle(table.data.align[index]) },
          cell === undefined ? [] : renderCellContent(cell, context),
        );
      }),
    );
  return h(
    'div',
    { className: classNames('table', table.data.fullWidth === true ? 'full-width' : undefined) },
    h('table', [
      header === undefined ? undefined : h('thead', row(header.nodes, 'th')),
      body.length === 0
        ? undefined
        : h(
            'tbody',
            body.map((cells) => row(cells.nodes, 'td')),
          ),
    ]),
  );
}
