import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../bench/generate-page.js';
import { micromarkTree } from '../src/markdown/parse.js';
import { splitTopLevelBlocks } from '../src/markdown/top-level-blocks.js';
import { loadGfmSamples } from './fidelity/gfm-samples.js';
import { loadSpecExamples } from './fidelity/spec-examples.js';
import { markdownArbitrary } from './support/markdown-arbitrary.js';

const runs = Number(process.env.FC_RUNS ?? 100);

/** Read whole, and read cut at every place a cut may go: the trees must be the same. */
function expectSameTreeInPieces(markdown: string): void {
  expect(micromarkTree(markdown, 0)).toEqual(micromarkTree(markdown, Number.MAX_VALUE));
}

const pieceTexts = (markdown: string) => splitTopLevelBlocks(markdown, 0).map(({ text }) => text);

// A long page is read in pieces of whole top-level blocks, for time in proportion to its length.
// Each case compares the tree read in the most pieces a text allows with the tree read whole,
// positions included: anything a cut changed would show.
// Thousands of parses each: slow beside other test runs on a small machine.
describe('reading Markdown in pieces of top-level blocks', { timeout: 120_000 }, () => {
  const specExamples = loadSpecExamples().map(({ markdown }) => markdown);

  it('reads every run of CommonMark examples, one after another, as it reads them whole', () => {
    for (const separator of ['\n', '\n\n']) {
      for (let start = 0; start < specExamples.length; start += 1) {
        expectSameTreeInPieces(specExamples.slice(start, start + 4).join(separator));
      }
    }
  });

  it('reads the GFM, math and footnote samples, one after another, as it reads them whole', () => {
    const samples = loadGfmSamples().map(({ markdown }) => markdown);
    expectSameTreeInPieces(samples.join('\n'));
    for (const sample of samples) expectSameTreeInPieces(sample);
  });

  it('reads any generated page as it reads it whole', () => {
    fc.assert(
      fc.property(fc.array(markdownArbitrary, { minLength: 1, maxLength: 8 }), (parts) => {
        expectSameTreeInPieces(parts.join('\n\n'));
        expectSameTreeInPieces(parts.join('\n'));
      }),
      { numRuns: runs },
    );
  });

  it('cuts a long page of every kind of block into many pieces, each read as in the whole', () => {
    const page = generatePage(64 * 1024);
    expect(splitTopLevelBlocks(page, 4096).length).toBeGreaterThan(10);
    expectSameTreeInPieces(page);
    expect(micromarkTree(page, 4096)).toEqual(micromarkTree(page, Number.MAX_VALUE));
  });

  it('cuts between blocks after a blank line, never inside fences, math or raw HTML', () => {
    expect(pieceTexts('# A\n\ntext\n\n> quote\n')).toEqual(['# A\n\n', 'text\n\n', '> quote\n']);
    expect(pieceTexts('```\na\n\nb\n```\n\nc\n')).toEqual(['```\na\n\nb\n```\n\n', 'c\n']);
    expect(pieceTexts('$$\nx\n\ny\n$$\n\nc\n')).toEqual(['$$\nx\n\ny\n$$\n\n', 'c\n']);
    expect(pieceTexts('<!--\na\n\nb\n-->\n\nc\n')).toEqual(['<!--\na\n\nb\n-->\n\n', 'c\n']);
    expect(pieceTexts('<pre>\na\n\nb\n</pre>\n\nc\n')).toEqual([
      '<pre>\na\n\nb\n</pre>\n\n',
      'c\n',
    ]);
    expect(pieceTexts('---\ntitle: a\n\nb: c\n---\n\nd\n')).toEqual([
      '---\ntitle: a\n\nb: c\n---\n\n',
      'd\n',
    ]);
  });

  it('keeps together what may be one block: list items apart, lines starting with a dash', () => {
    expect(pieceTexts('- a\n\n- b\n\n1. c\n\n2) d\n')).toHaveLength(1);
    // Alone, `---` at the start of a text would open front matter.
    expect(pieceTexts('a\n\n---\nb\n---\n')).toHaveLength(1);
    expect(pieceTexts('a\n\n    code\n\n\tcode\n')).toHaveLength(1);
  });

  it('reads whole what it cannot cut for sure', () => {
    // Definitions apply to the whole page, from anywhere in it.
    expect(pieceTexts('[a]\n\ntext\n\n[a]: /url\n')).toHaveLength(1);
    expect(pieceTexts('[^1]\n\ntext\n\n- [^1]: note\n')).toHaveLength(1);
    // A bare carriage return ends a line.
    expect(pieceTexts('a\r\rb\n\nc\n')).toHaveLength(1);
    // A fence indented as in a list item: a line less indented may end the item or not.
    const indentedFence = '- a\n  ```\n  code\n\nb\n```\n\n# c\n```\n\nd\n';
    expect(pieceTexts(indentedFence)).toEqual([indentedFence]);
    // A fence line inside what may be an HTML block, or a paragraph.
    const fenceInHtml = '<div>\n```\n</div>\n\n```\ncode\n\n# x\n```\n';
    expect(pieceTexts(fenceInHtml)).toEqual([fenceInHtml]);
    for (const markdown of [
      indentedFence,
      fenceInHtml,
      'text\n<span>\n```\ncode\n\n# x\n```\n',
      '# T\n<span>\n```\ncode\n\n# x\n```\n',
      '| a |\n| - |\n| b |\n```\ncode\n\n# x\n```\n',
      '> a\n```\ncode\n\n# x\n```\n',
      '- a\n  <!--\n\nb\n```\n-->\n\n# c\n```\n',
      '$$x$$\n\ntext\n\n$$\nx\n\ny\n$$\n\nz\n',
      '~~~ a ``` b\ncode\n\n```\n\nx\n~~~\n\ny\n',
      // A fence left open in a list item ends with the item, not with the blank lines before.
      '1. ```js\n1. a\n1. ```\n    code\n\n\n# b\n',
      '-\t```\n\tcode\n\n\n# b\n',
      '- a\n\n\t```\n\tcode\n\n\n# b\n',
      '>\t```\n> code\n\n\n# b\n',
    ]) {
      expectSameTreeInPieces(markdown);
    }
  });
});
