import fc from 'fast-check';
import type {
  Block,
  InlineContent,
  ListBlock,
  ListItemBlock,
  TableAlign,
  TableBlock,
  TableCellBlock,
  TableCellContent,
  TableColumn,
} from '../../src/index.js';
import { type HeadingDepth, headingBlock } from '../../src/model/headings.js';
import { inlineContent } from './inline-arbitrary.js';

/**
 * fast-check arbitraries for tables GitBook writes as HTML: table settings (cards view, card
 * size, flags), column settings (widths, alignment, hidden, card target and covers, types) and
 * cells of running text with hard breaks, empty, or blocks: headings, paragraphs and lists.
 */

/** Formulas and user mentions have no HTML form, so HTML cells never hold them. */
const hasNoHtmlForm = (nodes: readonly InlineContent[]): boolean =>
  nodes.some(
    (node) =>
      node.object === 'inline' &&
      (node.type === 'inline-math' ||
        node.type === 'mention' ||
        (node.type === 'link' && hasNoHtmlForm(node.nodes))),
  );

/** GitBook's links to pages: `<a data-mention href>` in HTML, `[x](url "mention")` in Markdown. */
const asMentionLinks = (nodes: readonly InlineContent[]): InlineContent[] =>
  nodes.map((node) =>
    node.object === 'inline' && node.type === 'link'
      ? { ...node, data: { ref: node.data.ref, title: 'mention' } }
      : node,
  );

const cellText = fc
  .tuple(
    inlineContent(true).filter((nodes) => !hasNoHtmlForm(nodes)),
    fc.boolean(),
  )
  .map(([nodes, mentions]) => (mentions ? asMentionLinks(nodes) : nodes));

/** Running text, possibly empty (`<p></p>`, `<li></li>`). */
const maybeText = fc.oneof(
  { weight: 1, arbitrary: fc.constant<InlineContent[]>([]) },
  { weight: 4, arbitrary: cellText },
);

const paragraph = maybeText.map(
  (nodes): TableCellContent => ({ object: 'block', type: 'paragraph', nodes }),
);

/** `<h1>`–`<h6>`: levels 4–6 are `heading-3` with `data.level`, as the reader builds them. */
const heading = fc
  .tuple(fc.constantFrom<HeadingDepth[]>(1, 2, 3, 4, 5, 6), maybeText)
  .map(([depth, nodes]) => headingBlock(depth, nodes));

/** An item of one paragraph (`<li>text</li>`), or of a few blocks (`<li><h4>…</h4><p>…</p></li>`). */
const listItem = fc
  .array(fc.oneof(paragraph, heading), { minLength: 1, maxLength: 2 })
  .map((nodes): ListItemBlock => ({ object: 'block', type: 'list-item', nodes }));

const list = fc
  .record({
    ordered: fc.boolean(),
    start: fc.option(fc.constantFrom(0, 2, 10), { nil: undefined }),
    nodes: fc.array(listItem, { maxLength: 3 }),
  })
  .map(({ ordered, start, nodes }): ListBlock => {
    if (!ordered) return { object: 'block', type: 'list-unordered', nodes };
    return start === undefined
      ? { object: 'block', type: 'list-ordered', nodes }
      : { object: 'block', type: 'list-ordered', data: { start }, nodes };
  });

const cellBlocks = fc.array(fc.oneof(paragraph, heading, list), { minLength: 1, maxLength: 3 });

const cell: fc.Arbitrary<TableCellBlock['nodes']> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<InlineContent[]>([]) },
  { weight: 4, arbitrary: cellText },
  { weight: 2, arbitrary: cellBlocks },
);

const hasBlockCells = (table: TableBlock): boolean =>
  table.nodes.some((row) => row.nodes.some((cell) => cell.nodes[0]?.object === 'block'));

const column: fc.Arbitrary<TableColumn> = fc.record(
  {
    width: fc.constantFrom('150', '279.703125', '50%'),
    verticalAlign: fc.constantFrom('top', 'middle', 'bottom' as const),
    hidden: fc.constant(true as const),
    cardTarget: fc.constant(true as const),
    cardCover: fc.constant(true as const),
    cardCoverDark: fc.constant(true as const),
    type: fc.constantFrom('content-ref', 'image', 'files', 'number', 'checkbox'),
  },
  { requiredKeys: [] },
);

const settings = fc.record(
  {
    view: fc.constantFrom('table', 'cards' as const),
    cardSize: fc.constantFrom('medium', 'large'),
    cardWrap: fc.boolean(),
    search: fc.boolean(),
    fullWidth: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** A table with settings or cells that GFM cannot carry, so that it is written as HTML. */
export const htmlTable: fc.Arbitrary<Block> = fc
  .integer({ min: 1, max: 4 })
  .chain((columns) =>
    fc.record({
      align: fc.array(fc.constantFrom<TableAlign>('left', 'center', 'right', null), {
        minLength: columns,
        maxLength: columns,
      }),
      settings,
      columns: fc.array(column, { minLength: columns, maxLength: columns }),
      rows: fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  )
  .map(({ align, settings, columns, rows }): TableBlock => {
    // In the order the reader builds it: keys hash the data as written.
    const data: TableBlock['data'] = { align, ...settings };
    if (columns.some((settings) => Object.keys(settings).length > 0)) data.columns = columns;
    return {
      object: 'block',
      type: 'table',
      data,
      nodes: rows.map((cells) => ({
        object: 'block',
        type: 'table-row',
        nodes: cells.map((nodes) => ({ object: 'block', type: 'table-cell', nodes })),
      })),
    };
  })
  .filter(
    (table) =>
      Object.keys(table.data).length > 1 ||
      hasBlockCells(table) ||
      JSON.stringify(table).includes('\\n'),
  );
