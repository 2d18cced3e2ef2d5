import { emojiFromCode } from '../model/emoji.js';
import { isCellBlocks } from '../model/table-cells.js';
import type { Block, Document, InlineContent, TableCellBlock } from '../types.js';

/**
 * The text of running text: leaves, link text, image alt text, formulas, emoji, mentions and
 * button labels (icons have none).
 */
export function inlineText(nodes: readonly InlineContent[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) text += leaf.text;
      continue;
    }
    switch (node.type) {
      case 'link':
        text += inlineText(node.nodes);
        break;
      case 'inline-image':
        text += node.data.alt ?? '';
        break;
      case 'inline-math':
        text += node.data.formula;
        break;
      case 'expression':
        text += node.data.expression;
        break;
      case 'emoji':
        text += emojiFromCode(node.data.code);
        break;
      case 'mention':
        text += node.data.label;
        break;
      case 'button':
        text += node.data.label;
        break;
      case 'raw':
        text += node.data.markdown;
        break;
    }
  }
  return text;
}

/** The lines of text in a block, one per paragraph-like block. */
export function blockLines(block: Block): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [inlineText(block.nodes)];
    case 'table-cell':
      return [cellText(block)];
    case 'code':
      return [block.nodes.map((line) => inlineText(line.nodes)).join('\n')];
    case 'code-line':
      return [inlineText(block.nodes)];
    case 'table-row':
      return [block.nodes.map(cellText).join('\t')];
    case 'image':
      return [block.data.caption ?? block.data.alt ?? ''].filter(Boolean);
    case 'math':
      return [block.data.formula];
    case 'raw':
      return [block.data.markdown];
    case 'tabs-item':
    case 'expandable':
      return [block.data.title, ...block.nodes.flatMap(blockLines)];
    case 'embed':
    case 'file':
      return block.data.caption === undefined ? [] : [block.data.caption];
    case 'divider':
    case 'reusable-content':
    // A page card shows the linked page's title, which the document does not hold.
    case 'page-ref':
      return [];
    default:
      return block.nodes.flatMap(blockLines);
  }
}

/** A cell's text on one line, as its row is one line: the lines of its blocks joined by spaces. */
function cellText(cell: TableCellBlock): string {
  return isCellBlocks(cell.nodes)
    ? cell.nodes.flatMap(blockLines).join(' ')
    : inlineText(cell.nodes);
}

/**
 * The document's text without formatting, one line per paragraph, heading, list item line,
 * table row or code block. For search indexing, previews and word counts.
 *
 * @example
 * plainText(markdownToDocument('# Title\n\nSome **bold** text.')); // 'Title\nSome bold text.'
 */
export function plainText(document: Document): string {
  return document.nodes.flatMap(blockLines).join('\n');
}
