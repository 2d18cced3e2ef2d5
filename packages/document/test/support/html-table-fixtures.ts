import { expect } from 'vitest';
import type { Block, TableCellBlock } from '../../src/index.js';
import { documentToMarkdown, readMarkdown } from '../../src/index.js';

/** Reads Markdown that must stay one `raw` block with an `html` warning, unchanged. */
export function expectRaw(markdown: string) {
  const { document, warnings } = readMarkdown(markdown);
  expect(document.nodes.map((block) => block.type)).toEqual(['raw']);
  expect(warnings.map((warning) => warning.kind)).toEqual(['html']);
  expect(documentToMarkdown(document)).toBe(markdown);
}

/** The content of each cell, row by row. */
export function cells(block: Block | undefined): TableCellBlock['nodes'][][] {
  if (block?.type !== 'table') throw new Error(`expected a table, got ${block?.type}`);
  return block.nodes.map((row) => row.nodes.map((cell) => cell.nodes));
}

/** A GitBook HTML table on one line: `<table{attributes}>`, a header row and body rows. */
export const table = (attributes: string, header: string, ...rows: string[]) =>
  `<table${attributes}><thead><tr>${header}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row}</tr>`)
    .join('')}</tbody></table>\n`;
