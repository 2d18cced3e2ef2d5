import type { GitBookNode } from '@quire/document';
import type { JSONContent } from '@tiptap/core';

/**
 * GitBook's table to the editor's and back. GitBook keeps a table as data: a definition of its
 * columns, records ordered by `orderIndex` whose values name fragments, and a fragment of blocks
 * for each cell (the header's are `h0`, `h1`…). The editor edits rows of cells; each row remembers
 * its record and each cell its fragment, so a table read in and written out unedited is the same
 * table, and an edited one keeps every id, setting and key it still can.
 *
 * Edited natively: tables shown as a grid whose columns are all shown text columns and whose every
 * value is a cell of blocks. Others (cards, hidden or typed columns) stay kept whole.
 */

type Json = Record<string, unknown>;
type ToBlock = (node: GitBookNode) => JSONContent;
type FromBlock = (node: JSONContent) => GitBookNode;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A column id of the kind the document package writes: `c0`, `c1`… */
const numberedColumn = /^c\d+$/;
/** Header cells are named by their place; no other cell may take such a name. */
const headerFragment = /^h\d+$/;

/** The columns in the order GitBook's reader shows them: the view's, then the definition's. */
function columnOrder(definition: Json, view: Json): string[] {
  const shown = Array.isArray(view.columns)
    ? view.columns.filter((id): id is string => typeof id === 'string')
    : [];
  const ids = [...new Set([...shown, ...Object.keys(definition)])].filter((id) => id in definition);
  if (Object.keys(definition).every((id) => numberedColumn.test(id))) {
    ids.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  }
  return ids;
}

/** The text of a cell's blocks, as a column's title holds it. */
function cellText(content: readonly JSONContent[]): string {
  return content.map((block) => inlineText(block.content ?? [])).join(' ');
}

function inlineText(content: readonly JSONContent[]): string {
  return content
    .map((node) => {
      if (node.type === 'text') return node.text ?? '';
      const kept = node.attrs?.node as GitBookNode | undefined;
      return kept === undefined ? '' : gitbookText(kept);
    })
    .join('');
}

function gitbookText(node: GitBookNode): string {
  if (node.leaves !== undefined) return node.leaves.map((leaf) => leaf.text ?? '').join('');
  return (node.nodes ?? []).map(gitbookText).join('');
}

// ——— GitBook → editor ———

/** The editor's table for a GitBook table, or undefined when it is kept whole. */
export function tableToEditor(node: GitBookNode, toBlock: ToBlock): JSONContent | undefined {
  const { definition, records, view } = node.data ?? {};
  if (node.nodes !== undefined || !isRecord(definition) || !isRecord(records)) return undefined;
  if (!isRecord(view) || view.type !== 'grid') return undefined;
  const columns = columnOrder(definition, view);
  const shown = Array.isArray(view.columns) ? view.columns : [];
  if (columns.length === 0 || shown.length !== columns.length) return undefined;
  if (columns.some((id) => !shown.includes(id))) return undefined;
  if (columns.some((id) => !isRecord(definition[id]) || definition[id].type !== 'text')) {
    return undefined;
  }

  const fragments = new Map<string, GitBookNode>();
  for (const fragment of node.fragments ?? []) {
    if (fragment.object !== 'fragment' || typeof fragment.fragment !== 'string') return undefined;
    if (fragments.has(fragment.fragment) || (fragment.nodes ?? []).length === 0) return undefined;
    fragments.set(fragment.fragment, fragment);
  }
  const used = new Set<string>();
  const cell = (id: string, type: 'tableHeader' | 'tableCell', extra: Json = {}) => {
    const fragment = fragments.get(id) as GitBookNode;
    used.add(id);
    const { nodes, ...rest } = fragment;
    const content = (nodes ?? []).map(toBlock);
    return { type, attrs: { gitbook: { ...extra, fragment: rest } }, content };
  };

  const headerFragments = columns.filter((_, index) => fragments.has(`h${index}`)).length;
  if (headerFragments !== 0 && headerFragments !== columns.length) return undefined;
  const header: JSONContent[] = [];
  for (const [index, id] of columns.entries()) {
    const title = (definition[id] as Json).title;
    if (headerFragments > 0) {
      const built = cell(`h${index}`, 'tableHeader', { column: id });
      header.push({
        ...built,
        attrs: {
          gitbook: { ...built.attrs.gitbook, title, titleText: cellText(built.content) },
        },
      });
    } else {
      if (typeof title !== 'string') return undefined;
      header.push({
        type: 'tableHeader',
        attrs: { gitbook: { column: id, title, titleText: title } },
        content: [{ type: 'paragraph', ...(title === '' ? {} : { content: [text(title)] }) }],
      });
    }
  }

  const ordered = Object.entries(records).sort(([, a], [, b]) =>
    String((a as Json)?.orderIndex ?? '').localeCompare(String((b as Json)?.orderIndex ?? '')),
  );
  const orderIndexes = new Set(ordered.map(([, record]) => (record as Json)?.orderIndex));
  if (orderIndexes.size !== ordered.length) return undefined;
  const details = isRecord(node.markdown) ? node.markdown : {};
  const rowDetails = Array.isArray(details.rows) ? (details.rows as Json[]) : undefined;
  if (rowDetails !== undefined && rowDetails.length !== ordered.length + 1) return undefined;
  if (rowDetails?.some((row) => row.cells !== columns.length)) return undefined;

  const rows: JSONContent[] = [
    { type: 'tableRow', attrs: { gitbook: rowAttributes(rowDetails?.[0]) }, content: header },
  ];
  for (const [index, [id, record]] of ordered.entries()) {
    if (!isRecord(record) || typeof record.orderIndex !== 'string') return undefined;
    const { values, ...recordRest } = record;
    if (!isRecord(values) || Object.keys(values).some((column) => !columns.includes(column))) {
      return undefined;
    }
    const cells: JSONContent[] = [];
    for (const column of columns) {
      const value = values[column];
      if (typeof value !== 'string' || headerFragment.test(value)) return undefined;
      if (!fragments.has(value) || used.has(value)) return undefined;
      cells.push(cell(value, 'tableCell'));
    }
    rows.push({
      type: 'tableRow',
      attrs: { gitbook: { ...rowAttributes(rowDetails?.[index + 1]), record: id, recordRest } },
      content: cells,
    });
  }
  if (used.size !== fragments.size) return undefined;

  const { object: _object, type: _type, fragments: _fragments, ...rest } = node;
  return {
    type: 'table',
    attrs: { gitbook: { ...rest, fragmentOrder: [...fragments.keys()] } },
    content: rows,
  };
}

function rowAttributes(details: Json | undefined): Json {
  return typeof details?.key === 'string' ? { rowKey: details.key } : {};
}

function text(value: string): JSONContent {
  return { type: 'text', text: value };
}

// ——— editor → GitBook ———

interface HeaderKept {
  column?: string;
  title?: unknown;
  titleText?: string;
  fragment?: GitBookNode;
}
interface RowKept {
  rowKey?: string;
  record?: string;
  recordRest?: Json;
}

/** GitBook's table for the editor's. */
export function tableFromEditor(node: JSONContent, fromBlock: FromBlock): GitBookNode {
  const kept = (node.attrs?.gitbook ?? {}) as Json & {
    data?: Json;
    markdown?: Json;
    fragmentOrder?: string[];
  };
  const { data: keptData = {}, markdown: keptMarkdown, fragmentOrder, ...rest } = kept;
  const oldDefinition = isRecord(keptData.definition) ? keptData.definition : {};
  const oldView = isRecord(keptData.view) ? keptData.view : { type: 'grid', hideHeader: false };
  const oldColumns = columnOrder(oldDefinition, oldView);
  const oldRecords = isRecord(keptData.records) ? keptData.records : {};

  const grid = cellGrid(node.content ?? []);
  const width = Math.max(1, ...grid.map((row) => row.length));
  const [headerCells = [], ...bodyRows] = grid;
  const headers = Array.from({ length: width }, (_, index) => headerCells[index]);
  const headerKept = headers.map((cell) => (cell?.attrs?.gitbook ?? {}) as HeaderKept);

  // Columns keep their ids while GitBook's reader would still show them in this order.
  const keptIds = headerKept.map((cell) => cell.column);
  const idsHold =
    keptIds.every((id): id is string => typeof id === 'string' && id in oldDefinition) &&
    new Set(keptIds).size === width &&
    (!keptIds.every((id) => numberedColumn.test(id)) ||
      keptIds.every(
        (id, index) => index === 0 || columnNumber(keptIds[index - 1]) < columnNumber(id),
      ));
  const columns = idsHold ? (keptIds as string[]) : headers.map((_, index) => `c${index}`);

  const headerContent = headers.map((cell) => cellContent(cell));
  const hadHeaderFragments = fragmentOrder === undefined || fragmentOrder.includes('h0');
  const writeHeaderFragments =
    hadHeaderFragments || headerContent.some((content) => !isPlainParagraph(content));

  const definition: Json = {};
  for (const [index, id] of columns.entries()) {
    const cell = headerKept[index] ?? {};
    const old = cell.column === undefined ? undefined : oldDefinition[cell.column];
    const content = headerContent[index] ?? [];
    const title =
      cell.titleText !== undefined && cellText(content) === cell.titleText
        ? cell.title
        : cellText(content);
    definition[id] = isRecord(old)
      ? { ...old, ...(idsHold ? {} : { id }), ...(title === undefined ? {} : { title }) }
      : { id, title, type: 'text', textAlignment: 'left' };
  }

  const fragments: GitBookNode[] = [];
  const taken = new Set<string>(columns.map((_, index) => `h${index}`));
  const fragmentOf = (cell: JSONContent | undefined, id: string, keptFragment?: GitBookNode) => {
    const { nodes: _nodes, ...fragmentRest } = keptFragment ?? {};
    const reused = keptFragment?.fragment === id;
    fragments.push({
      object: 'fragment',
      ...(reused ? fragmentRest : {}),
      fragment: id,
      type: 'table-cell',
      nodes: cellContent(cell).map(fromBlock),
    } as GitBookNode);
  };
  if (writeHeaderFragments) {
    for (const [index, cell] of headers.entries()) {
      fragmentOf(cell, `h${index}`, headerKept[index]?.fragment);
    }
  }

  const rowsKept = (node.content ?? []).map((row) => (row.attrs?.gitbook ?? {}) as RowKept);
  const recordIds = new Set<string>();
  const bodyKept = rowsKept.slice(1);
  for (const row of bodyKept) {
    if (typeof row.record === 'string' && row.record in oldRecords) recordIds.add(row.record);
  }
  const keptIndexes = bodyKept.map((row) => row.recordRest?.orderIndex);
  const indexesHold =
    keptIndexes.every((index): index is string => typeof index === 'string') &&
    keptIndexes.every(
      (index, position) =>
        position === 0 || String(keptIndexes[position - 1]).localeCompare(index) < 0,
    );
  const records: Json = {};
  const usedRecords = new Set<string>();
  let everyRowKept = true;
  for (const [position, cells] of bodyRows.entries()) {
    const row = bodyKept[position] ?? {};
    let id = row.record;
    const reused = typeof id === 'string' && recordIds.has(id) && !usedRecords.has(id);
    everyRowKept &&= reused;
    if (!reused)
      id = fresh(
        `r${position}`,
        (candidate) => recordIds.has(candidate) || usedRecords.has(candidate),
      );
    usedRecords.add(id as string);
    const values: Record<string, string> = {};
    for (const [index, column] of columns.entries()) {
      const cell = cells[index];
      const keptFragment = (cell?.attrs?.gitbook as HeaderKept | undefined)?.fragment;
      const keptId = keptFragment?.fragment;
      const fragmentId =
        typeof keptId === 'string' && !taken.has(keptId) && !headerFragment.test(keptId)
          ? keptId
          : fresh(`${id}${column}`, (candidate) => taken.has(candidate));
      taken.add(fragmentId);
      values[column] = fragmentId;
      fragmentOf(cell, fragmentId, keptFragment);
    }
    records[id as string] = {
      ...(reused ? row.recordRest : {}),
      orderIndex: indexesHold ? keptIndexes[position] : orderIndexOf(position),
      values,
    };
  }

  // Fragments in the order the table had them; new ones after, in reading order.
  const rank = new Map((fragmentOrder ?? []).map((id, index) => [id, index]));
  const last = rank.size;
  fragments.sort(
    (a, b) => (rank.get(a.fragment ?? '') ?? last) - (rank.get(b.fragment ?? '') ?? last),
  );

  const unchanged =
    idsHold &&
    columns.length === oldColumns.length &&
    columns.every((id, index) => id === oldColumns[index]) &&
    everyRowKept &&
    bodyRows.length === Object.keys(oldRecords).length;
  const markdown = unchanged
    ? keptMarkdown
    : markdownDetails(keptMarkdown, headerKept, oldColumns, rowsKept, grid.length, width);

  return {
    object: 'block',
    type: 'table',
    // A new table is GitBook's void block; a kept one says what it said.
    ...(fragmentOrder === undefined ? { isVoid: true } : {}),
    ...rest,
    data: {
      ...keptData,
      view: { ...oldView, type: 'grid', columns },
      records,
      definition,
    },
    fragments,
    ...(markdown === undefined ? {} : { markdown }),
  } as GitBookNode;
}

/** The document package's details of a table whose columns or rows changed. */
function markdownDetails(
  kept: Json | undefined,
  headerKept: readonly HeaderKept[],
  oldColumns: readonly string[],
  rowsKept: readonly RowKept[],
  rowCount: number,
  width: number,
): Json | undefined {
  if (kept === undefined) return undefined;
  const oldIndex = headerKept.map((cell) =>
    cell.column === undefined ? -1 : oldColumns.indexOf(cell.column),
  );
  const perColumn = (values: unknown, fallback: unknown) =>
    Array.isArray(values)
      ? oldIndex.map((index) => (index === -1 ? fallback : (values[index] ?? fallback)))
      : undefined;
  const details: Json = { ...kept };
  if ('align' in kept) details.align = perColumn(kept.align, null);
  if ('columns' in kept) details.columns = perColumn(kept.columns, {});
  if ('rows' in kept) {
    details.rows = Array.from({ length: rowCount }, (_, index) => {
      const key = rowsKept[index]?.rowKey;
      return { ...(key === undefined ? {} : { key }), cells: width };
    });
  }
  return details;
}

/** The table's cells row by row, a cell spanning columns taking its place and the ones it covers. */
function cellGrid(rows: readonly JSONContent[]): (JSONContent | undefined)[][] {
  return rows.map((row) =>
    (row.content ?? []).flatMap((cell) => {
      const span = Number(cell.attrs?.colspan ?? 1);
      return [cell, ...Array.from({ length: Math.max(0, span - 1) }, () => undefined)];
    }),
  );
}

function cellContent(cell: JSONContent | undefined): JSONContent[] {
  const content = cell?.content ?? [];
  return content.length === 0 ? [{ type: 'paragraph' }] : content;
}

function isPlainParagraph(content: readonly JSONContent[]): boolean {
  const [only, ...more] = content;
  return (
    more.length === 0 &&
    only?.type === 'paragraph' &&
    (only.content ?? []).every((child) => child.type === 'text' && (child.marks ?? []).length === 0)
  );
}

function columnNumber(id: string | undefined): number {
  return Number(id?.slice(1) ?? -1);
}

function fresh(base: string, taken: (candidate: string) => boolean): string {
  if (!taken(base)) return base;
  let suffix = 1;
  while (taken(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** Sorts as the row's place: `a00000`, `a00001`, … */
function orderIndexOf(index: number): string {
  return `a${String(index).padStart(5, '0')}`;
}
