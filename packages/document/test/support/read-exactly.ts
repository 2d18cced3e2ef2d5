import { expect } from 'vitest';
import { documentToMarkdown, readMarkdown } from '../../src/index.js';

/** Reads Markdown, checks it writes back byte for byte and without warnings, returns its blocks. */
export function readExactly(markdown: string) {
  const { document, warnings } = readMarkdown(markdown);
  expect(warnings).toEqual([]);
  expect(documentToMarkdown(document)).toBe(markdown);
  return document.nodes;
}

/** Lines joined into a page, with its final line ending. */
export const lines = (...parts: string[]) => `${parts.join('\n')}\n`;
