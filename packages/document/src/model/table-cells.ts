import type {
  InlineContent,
  TableBlock,
  TableCellBlock,
  TableCellContent,
  TableRowBlock,
} from '../types.js';

/**
 * What a table cell holds: running text, or (in GitBook's HTML tables) blocks. A cell holds one
 * or the other, never both, so its first node tells which.
 */

/** Whether a cell's nodes are blocks rather than running text. */
export function isCellBlocks(nodes: TableCellBlock['nodes']): nodes is TableCellContent[] {
  return nodes[0]?.object === 'block';
}

/** A table cell of running text. */
export type InlineTableCell = Omit<TableCellBlock, 'nodes'> & { nodes: InlineContent[] };

/** A table whose cells are all running text: the only tables GFM can write. */
export type InlineTableBlock = Omit<TableBlock, 'nodes'> & {
  nodes: (Omit<TableRowBlock, 'nodes'> & { nodes: InlineTableCell[] })[];
};

/** Whether every cell of a table is running text. */
export function hasInlineCells(block: TableBlock): block is InlineTableBlock {
  return block.nodes.every((row) => row.nodes.every((cell) => !isCellBlocks(cell.nodes)));
}
