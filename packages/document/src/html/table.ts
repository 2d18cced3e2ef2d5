import type { Element, ElementContent, Properties } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import { isCellBlocks } from '../model/table-cells.js';
import type {
  InlineContent,
  TableAlign,
  TableBlock,
  TableCellBlock,
  TableColumn,
  TableRowBlock,
} from '../types.js';
import { element, readBoolean } from './hast.js';
import { readHtmlCell, writeHtmlCell } from './table-cell-blocks.js';

/**
 * GitBook's HTML tables: one line of `<table><thead>…</thead><tbody>…</tbody></table>`, written
 * when a table has settings GFM cannot carry (cards view, column widths and types, hidden
 * columns) or cells GFM cannot hold (hard breaks, blocks). Settings are the attributes of `<table>`
 * and of each column's `<th>`; cells are running text or blocks (`src/html/table-cell-blocks.ts`).
 */

type TableData = TableBlock['data'];
type TableSettings = Omit<TableData, 'align' | 'columns'>;

const VIEWS = ['table', 'cards'] as const;
const ALIGNS = ['left', 'center', 'right'] as const;
const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;

/** Column flags written as attributes without a value, in the order GitBook writes them. */
const COLUMN_FLAGS = [
  ['hidden', 'dataHidden'],
  ['cardTarget', 'dataCardTarget'],
  ['cardCover', 'dataCardCover'],
  ['cardCoverDark', 'dataCardCoverDark'],
] as const;

/**
 * Reads a GitBook HTML table. Returns `undefined` when the HTML is anything else, holds what a
 * `table` block does not (unmapped elements in cells, unknown attributes), is
 * a table GFM would write, or would not be written back byte for byte.
 */
export function readHtmlTable(html: string): TableBlock | undefined {
  if (!html.startsWith('<table')) return undefined;
  const [table, ...rest] = fromHtml(html, { fragment: true }).children;
  if (rest.length > 0 || table?.type !== 'element' || table.tagName !== 'table') return undefined;
  const block = readTable(table);
  return block && needsHtmlTable(block) && writeHtmlTable(block) === html ? block : undefined;
}

/** Whether a table must be written as HTML: GFM cannot carry its settings or cells. */
export function needsHtmlTable(block: TableBlock): boolean {
  const { align, ...settings } = block.data;
  return (
    Object.keys(settings).length > 0 ||
    block.nodes.some((row) =>
      row.nodes.some((cell) => isCellBlocks(cell.nodes) || hasHardBreak(cell.nodes)),
    )
  );
}

function hasHardBreak(nodes: readonly InlineContent[]): boolean {
  return nodes.some((node) =>
    node.object === 'text'
      ? node.leaves.some((leaf) => leaf.text.includes('\n'))
      : node.type === 'link' && hasHardBreak(node.nodes),
  );
}

/** Writes a table as GitBook's one-line HTML. */
export function writeHtmlTable(block: TableBlock): string {
  const [header, ...rows] = block.nodes;
  const { align, columns = [] } = block.data;
  const cell =
    (tagName: 'th' | 'td', properties: (index: number) => Properties) =>
    (node: TableCellBlock, index: number) =>
      element(tagName, properties(index), writeHtmlCell(node.nodes));
  const headerCell = cell('th', (index) => headerProperties(align[index], columns[index]));
  const bodyCell = cell('td', (index) => cellProperties(align[index], columns[index]));
  const table = element('table', tableProperties(block.data), [
    element('thead', {}, [element('tr', {}, header?.nodes.map(headerCell) ?? [])]),
    element(
      'tbody',
      {},
      rows.map((row) => element('tr', {}, row.nodes.map(bodyCell))),
    ),
  ]);
  return toHtml(table, { allowDangerousHtml: true });
}

/** `<table>` attributes, in the order GitBook writes them. */
function tableProperties(data: TableData): Properties {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  return definedOnly({
    dataCardSize: data.cardSize,
    dataCardWrap: flag(data.cardWrap),
    dataFullWidth: flag(data.fullWidth),
    dataSearch: flag(data.search),
    dataView: data.view,
  });
}

/** A column's `<th>` attributes, in the order GitBook writes them. */
function headerProperties(align: TableAlign | undefined, column: TableColumn = {}): Properties {
  const flags = COLUMN_FLAGS.map(([flag, property]) => [property, column[flag]]);
  return definedOnly({
    width: column.width,
    ...alignments(align, column),
    ...Object.fromEntries(flags),
    dataType: column.type,
  });
}

/** The attributes GitBook repeats on every `<td>` of a column. */
function cellProperties(align: TableAlign | undefined, column: TableColumn = {}): Properties {
  return definedOnly(alignments(align, column));
}

function alignments(align: TableAlign | undefined, column: TableColumn) {
  return { align: align ?? undefined, vAlign: column.verticalAlign };
}

function definedOnly(properties: Record<string, string | boolean | undefined>): Properties {
  const result: Properties = {};
  for (const [key, value] of Object.entries(properties))
    if (value !== undefined) result[key] = value;
  return result;
}

function readTable(table: Element): TableBlock | undefined {
  const settings = readTableSettings(table.properties);
  const [head, body, ...rest] = table.children;
  const [headerRow, ...moreHeaderRows] = isElement(head, 'thead') ? head.children : [];
  if (!settings || rest.length > 0 || moreHeaderRows.length > 0) return undefined;
  if (!isElement(headerRow, 'tr') || !isElement(body, 'tbody')) return undefined;
  const read = headerRow.children.map((cell) =>
    isElement(cell, 'th') ? readColumn(cell.properties) : undefined,
  );
  if (!read.every((column) => column !== undefined)) return undefined;
  const align = read.map((column) => column.align);
  const columns = read.map((column) => column.column);
  const header = readRow(headerRow, 'th', () => true);
  const rows = body.children.map((row) =>
    readRow(row, 'td', (properties, index) =>
      sameAttributes(properties, cellProperties(align[index], columns[index])),
    ),
  );
  if (!header || !rows.every((row) => row !== undefined)) return undefined;
  const data: TableData = { align, ...settings };
  if (columns.some((column) => Object.keys(column).length > 0)) data.columns = columns;
  return { object: 'block', type: 'table', data, nodes: [header, ...rows] };
}

/** A `<tr>` of `tagName` cells whose attributes `accepts` agrees with. */
function readRow(
  row: ElementContent,
  tagName: 'th' | 'td',
  accepts: (properties: Properties, index: number) => boolean,
): TableRowBlock | undefined {
  if (!isElement(row, 'tr') || Object.keys(row.properties).length > 0) return undefined;
  const nodes: TableCellBlock[] = [];
  for (const [index, cell] of row.children.entries()) {
    if (!isElement(cell, tagName) || !accepts(cell.properties, index)) return undefined;
    const content = readHtmlCell(cell.children);
    if (!content) return undefined;
    nodes.push({ object: 'block', type: 'table-cell', nodes: content });
  }
  return { object: 'block', type: 'table-row', nodes };
}

function readTableSettings(properties: Properties): TableSettings | undefined {
  const { dataCardSize, dataCardWrap, dataFullWidth, dataSearch, dataView, ...rest } = properties;
  const view = VIEWS.find((known) => known === dataView);
  const [cardWrap, search, fullWidth] = [dataCardWrap, dataSearch, dataFullWidth].map(readBoolean);
  if (Object.keys(rest).length > 0 || (dataView !== undefined && !view)) return undefined;
  if (cardWrap === null || search === null || fullWidth === null) return undefined;
  if (dataCardSize !== undefined && (typeof dataCardSize !== 'string' || dataCardSize === ''))
    return undefined;
  // In the order the model lists them: keys hash the data as written.
  const settings: TableSettings = {};
  if (view) settings.view = view;
  if (dataCardSize !== undefined) settings.cardSize = dataCardSize;
  if (cardWrap !== undefined) settings.cardWrap = cardWrap;
  if (search !== undefined) settings.search = search;
  if (fullWidth !== undefined) settings.fullWidth = fullWidth;
  return settings;
}

/** `"true"` or `"false"`; `undefined` when absent, `null` for anything else. */
const COLUMN_ATTRIBUTES = new Set<string>([
  'width',
  'align',
  'vAlign',
  'dataType',
  ...COLUMN_FLAGS.map(([, property]) => property),
]);

function readColumn(
  properties: Properties,
): { align: TableAlign; column: TableColumn } | undefined {
  const { width, align, vAlign, dataType } = properties;
  if (Object.keys(properties).some((key) => !COLUMN_ATTRIBUTES.has(key))) return undefined;
  const horizontal = align === undefined ? null : ALIGNS.find((known) => known === align);
  const vertical = VERTICAL_ALIGNS.find((known) => known === vAlign);
  if (horizontal === undefined || (vAlign !== undefined && !vertical)) return undefined;
  if (width !== undefined && typeof width !== 'string' && typeof width !== 'number')
    return undefined;
  if (dataType !== undefined && (typeof dataType !== 'string' || dataType === '')) return undefined;
  // Flags are written without a value, which HTML reads as `''`.
  const flagValues = COLUMN_FLAGS.map(([, property]) => properties[property]);
  if (flagValues.some((value) => value !== undefined && value !== '')) return undefined;
  // In the order the model lists them: keys hash the data as written.
  const column: TableColumn = {};
  if (width !== undefined) column.width = String(width);
  if (vertical) column.verticalAlign = vertical;
  for (const [flag, property] of COLUMN_FLAGS) if (properties[property] === '') column[flag] = true;
  if (dataType !== undefined) column.type = dataType;
  return { align: horizontal, column };
}

/** Whether an element's attributes are exactly `expected`. */
function sameAttributes(properties: Properties, expected: Properties): boolean {
  const keys = Object.keys(properties);
  return (
    keys.length === Object.keys(expected).length &&
    keys.every((key) => properties[key] === expected[key])
  );
}

function isElement(node: ElementContent | undefined, tagName: string): node is Element {
  return node?.type === 'element' && node.tagName === tagName;
}
