import type { Inline, InlineContent, TableBlock, TableCellBlock } from '@quire/document';
import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';
import { classNames, classToken } from '../class-names.js';
import type { RenderContext } from '../context.js';
import { renderPicture } from '../images.js';
import { linkRefUrl } from '../urls.js';
import { isCellBlocks, renderCellContent, visibleColumns } from './tables.js';

/** The inlines of a cell of running text (cover and target cells hold a link or an image). */
function cellInlines(cell: TableCellBlock | undefined): Inline[] {
  if (cell === undefined || isCellBlocks(cell.nodes)) return [];
  return (cell.nodes as InlineContent[]).filter((node): node is Inline => node.object === 'inline');
}

/** Where a cover or target cell points: its image's source or its link's target. */
function cellSource(cell: TableCellBlock | undefined): string | undefined {
  for (const inline of cellInlines(cell)) {
    if (inline.type === 'inline-image') return inline.data.src;
    if (inline.type === 'link') {
      const { ref } = inline.data;
      return ref.kind === 'file' ? ref.file : ref.kind === 'url' ? ref.url : undefined;
    }
  }
  return undefined;
}

function cellLinkUrl(cell: TableCellBlock | undefined, context: RenderContext): string | undefined {
  for (const inline of cellInlines(cell)) {
    if (inline.type === 'link') return linkRefUrl(inline.data.ref, context);
  }
  return undefined;
}

function hasInteractiveContent(nodes: ElementContent[]): boolean {
  return nodes.some(
    (node) =>
      node.type === 'element' &&
      (['a', 'button', 'input', 'details'].includes(node.tagName) ||
        hasInteractiveContent(node.children)),
  );
}

/**
 * GitBook's cards view: a list of cards, each with its cover image (light and dark), its shown
 * cells, and its target link around the first shown cell (or after the card's cells when that
 * cell holds links of its own, as links cannot nest).
 */
export function renderCards(table: TableBlock, context: RenderContext): Element {
  const columns = table.data.columns ?? [];
  const coverColumn = columns.findIndex((column) => column.cardCover === true);
  const darkCoverColumn = columns.findIndex((column) => column.cardCoverDark === true);
  const targetColumn = columns.findIndex((column) => column.cardTarget === true);
  const shown = visibleColumns(table).filter(
    (index) => index !== coverColumn && index !== darkCoverColumn && index !== targetColumn,
  );
  // The first row is the header: column titles, which cards do not show.
  const rows = table.nodes.slice(1);
  const cards = rows.map((row) => {
    const cover = cellSource(row.nodes[coverColumn]);
    const darkCover = cellSource(row.nodes[darkCoverColumn]);
    const picture =
      cover === undefined
        ? undefined
        : renderPicture({ src: cover, alt: '', srcDark: darkCover }, context);
    const target = cellLinkUrl(row.nodes[targetColumn], context);
    const fields = shown.map((index) => {
      const cell = row.nodes[index];
      return cell === undefined ? [] : renderCellContent(cell, context);
    });
    const [title = [], ...rest] = fields;
    const linkTitle = target !== undefined && !hasInteractiveContent(title);
    return h('li', { className: ['card'] }, [
      picture === undefined ? undefined : h('div', { className: ['card-cover'] }, picture),
      h(
        'div',
        { className: ['card-title'] },
        linkTitle ? h('a', { href: target, className: ['card-link'] }, title) : title,
      ),
      ...rest.map((field) => h('div', { className: ['card-field'] }, field)),
      target !== undefined && !linkTitle
        ? h('a', { href: target, className: ['card-link'] }, 'Open')
        : undefined,
    ]);
  });
  return h(
    'ul',
    {
      className: classNames(
        'cards',
        table.data.cardSize === undefined ? undefined : `cards-${classToken(table.data.cardSize)}`,
      ),
    },
    cards,
  );
}
