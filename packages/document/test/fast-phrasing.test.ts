import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { BlockContent, Heading, Paragraph, PhrasingContent, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../bench/generate-page.js';
import { markdownToDocument } from '../src/index.js';
import { fastCell, fastHeading, fastParagraph } from '../src/markdown/fast-phrasing.js';
import { serializeMarkdownTree } from '../src/markdown/serialize.js';
import type { Document } from '../src/types.js';
import { writeBlocks } from '../src/write/blocks.js';
import { documentArbitrary } from './support/document-arbitrary.js';

const runs = Number(process.env.FC_RUNS ?? 100);

/** The straight path must write what the serializer's general rules write. */
function expectSameMarkdown(tree: Root): void {
  expect(serializeMarkdownTree(tree)).toBe(serializeMarkdownTree(tree, { general: true }));
}

const documentTree = (document: Document): Root => ({
  type: 'root',
  children: writeBlocks(document.nodes),
});

// Mostly plain characters, and every character the straight path must leave to the serializer.
const character = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('a', 'Z', 'é', '1', '9', ' ', ' ') },
  {
    weight: 6,
    arbitrary: fc.constantFrom(...'.,;:!?&#_-+=()"\'|{}%/@^>'.split(''), '1.', '2)', 'www.'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('*', '[', ']', '<', '`', '$', '~', '\\', '\t', '\uE000'),
  },
);
const words = fc.array(character, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const text = words.map((value): PhrasingContent => ({ type: 'text', value }));
const code = fc.oneof(
  words.map((value): PhrasingContent => ({ type: 'inlineCode', value })),
  words.map((value): PhrasingContent => ({ type: 'inlineMath', value })),
);
const url = fc
  .array(fc.constantFrom('a', '/', '.', '_', '#', '?', '=', '-', '&b', '(', ' ', '<', '$'), {
    maxLength: 6,
  })
  .map((parts) => `https://x.io/${parts.join('')}`);
const markedText = fc
  .record({
    type: fc.constantFrom('strong', 'emphasis'),
    children: fc.array(text, { minLength: 1, maxLength: 1 }),
  })
  .map((node) => node as PhrasingContent);
const link = fc
  .record({
    url,
    children: fc.array(fc.oneof(text, code, markedText), { minLength: 1, maxLength: 3 }),
  })
  .map(
    ({ url, children }): PhrasingContent => ({
      type: 'link',
      url,
      title: null,
      children: mergeTexts(children),
    }),
  );
const leaf = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: code },
  { weight: 2, arbitrary: link },
  { weight: 1, arbitrary: fc.constant<PhrasingContent>({ type: 'break' }) },
  { weight: 1, arbitrary: fc.constant<PhrasingContent>({ type: 'html', value: '<b>' }) },
);
const marked = fc
  .record({
    type: fc.constantFrom('strong', 'emphasis', 'delete'),
    children: fc.array(leaf, { minLength: 1, maxLength: 3 }),
  })
  .map(({ type, children }) => ({ type, children: mergeTexts(children) }) as PhrasingContent);
const phrasing = fc
  .array(fc.oneof({ weight: 3, arbitrary: leaf }, { weight: 2, arbitrary: marked }), {
    maxLength: 6,
  })
  .map(mergeTexts);

/** Neighbouring texts joined, as the writer joins them. */
function mergeTexts(nodes: PhrasingContent[]): PhrasingContent[] {
  const merged: PhrasingContent[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.type === 'text' && last?.type === 'text')
      merged[merged.length - 1] = { ...last, value: last.value + node.value };
    else merged.push(node);
  }
  return merged;
}

const paragraph = phrasing.map((children): Paragraph => ({ type: 'paragraph', children }));
const heading = fc
  .record({ depth: fc.constantFrom(1, 2, 3, 6), children: phrasing })
  .map(({ depth, children }) => ({ type: 'heading', depth, children }) as Heading);
const table = fc
  .record({
    align: fc.constantFrom(null, 'left', 'center', 'right'),
    rows: fc.array(fc.array(phrasing, { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(
    ({ align, rows }): BlockContent => ({
      type: 'table',
      align: rows[0]?.map(() => align) ?? [],
      children: rows.map((cells) => ({
        type: 'tableRow',
        children: cells.map((children) => ({ type: 'tableCell', children })),
      })),
    }),
  );
/** Text where paragraphs stand: alone, in lists and task lists, in quotes, in tables, after headings. */
const flow = fc
  .array(
    fc.oneof(
      paragraph,
      heading,
      fc.record({ paragraph, checked: fc.constantFrom(null, true, false) }).map(
        ({ paragraph, checked }): BlockContent => ({
          type: 'list',
          ordered: false,
          spread: false,
          children: [{ type: 'listItem', spread: false, checked, children: [paragraph] }],
        }),
      ),
      paragraph.map((child): BlockContent => ({ type: 'blockquote', children: [child] })),
      table,
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((children): Root => ({ type: 'root', children }));

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

describe('plain paragraphs, headings and table cells written straight', { timeout: 60_000 }, () => {
  it('read as the serializer writes them, in every place text stands', () => {
    let straight = 0;
    let total = 0;
    fc.assert(
      fc.property(flow, (tree) => {
        for (const node of tree.children) {
          const written =
            node.type === 'paragraph'
              ? [fastParagraph(node)]
              : node.type === 'heading'
                ? [fastHeading(node)]
                : node.type === 'table'
                  ? node.children.flatMap((row) => row.children.map(fastCell))
                  : [];
          total += written.length;
          straight += written.filter((value) => value !== undefined).length;
        }
        expectSameMarkdown(tree);
      }),
      { numRuns: runs * 10 },
    );
    // The generator must reach the straight path often, or it tests nothing of it.
    expect(straight / total).toBeGreaterThan(0.2);
  });

  it('on pages GitBook wrote, the generated page and random documents', () => {
    const pages = markdownFiles(
      join(import.meta.dirname, '../../../apps/server/test/fixtures/gitbook-repos'),
    );
    expect(pages.length).toBeGreaterThan(90);
    for (const page of pages)
      expectSameMarkdown(documentTree(markdownToDocument(readFileSync(page, 'utf8'))));
    expectSameMarkdown(documentTree(markdownToDocument(generatePage(64 * 1024))));
    fc.assert(
      fc.property(documentArbitrary, (document) => expectSameMarkdown(documentTree(document))),
      { numRuns: runs },
    );
  });

  it.each([
    ['a plain sentence', 'Plain words, and more.'],
    ['an escaped underscore', 'snake\\_case'],
    ['a hard break', 'one\\\ntwo'],
    ['a space at the end', 'end&#x20;'],
    ['marks between punctuation', '(**bold**), _em_ and ~~gone~~.'],
    ['code, math and links', 'Use `x`, $$y$$ or [the **guide**](a/b.md#c).'],
  ])('%s', (_, markdown) => {
    const [node] = documentTree(markdownToDocument(`${markdown}\n`)).children as Paragraph[];
    expect(node && fastParagraph(node)).toBe(markdown);
  });
});
