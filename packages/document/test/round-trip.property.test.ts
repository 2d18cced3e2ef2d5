import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignKeys, documentToMarkdown, markdownToDocument } from '../src/index.js';
import { documentArbitrary } from './support/document-arbitrary.js';
import { markdownArbitrary } from './support/markdown-arbitrary.js';

// Enough to cover every block, inline and mark in many combinations while keeping the suite
// quick; raise locally (FC_RUNS=5000) when changing the reader or writer.
const RUNS = Number(process.env.FC_RUNS ?? 150);

describe('round trips', () => {
  it('document → Markdown → document is the identity, and that Markdown is a fixed point', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        const markdown = documentToMarkdown(document);
        const read = markdownToDocument(markdown);
        expect(read, markdown).toEqual(assignKeys(document));
        expect(documentToMarkdown(read)).toBe(markdown);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('Markdown → document → Markdown is a fixed point after one pass', () => {
    fc.assert(
      fc.property(markdownArbitrary, (original) => {
        const once = documentToMarkdown(markdownToDocument(original));
        expect(documentToMarkdown(markdownToDocument(once)), original).toBe(once);
      }),
      { numRuns: RUNS * 2 },
    );
  }, 120_000);
});
