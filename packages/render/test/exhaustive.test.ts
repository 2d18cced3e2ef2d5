import { readFile } from 'node:fs/promises';
import {
  type Block,
  type BlockType,
  type Document,
  type InlineContent,
  type InlineType,
  type MarkType,
  markdownToDocument,
  SCHEMA_VERSION,
  variableValues,
} from '@quire/document';
import { select } from 'hast-util-select';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../src/index.js';
import { expectValidHtml, renderAndParse } from './support/html.js';

// One selector per kind, each matching what that kind renders to in the fixture. As records over
// the model's type unions, a kind added to the model fails to compile here until it is listed.
const BLOCKS: Record<BlockType, string> = {
  paragraph: 'p',
  'heading-1': 'h1#every-kind',
  'heading-2': 'h2#lists',
  'heading-3': 'h3',
  'list-ordered': 'ol > li',
  'list-unordered': 'ul:not(.task-list) > li',
  'list-tasks': 'ul.task-list > li > input[type=checkbox][disabled]',
  'list-item': 'li',
  blockquote: 'blockquote > p',
  code: 'figure.code-block pre.shiki',
  'code-line': 'pre.shiki span.line',
  hint: 'div.hint.hint-warning[role=note]',
  table: 'table > thead',
  'table-row': 'table tr',
  'table-cell': 'table td',
  images: 'div.images figure',
  image: 'figure img[src="assets/diagram.png"]',
  divider: 'hr',
  math: 'div.math-display .katex-display',
  tabs: 'div.tabs',
  'tabs-item': 'div.tabs > details.tab > summary',
  expandable: 'details.expandable > summary',
  embed: 'figure.embed > a[href="https://example.com/video"]',
  file: 'div.file > a[download]',
  'content-ref': 'div.content-ref a[href="/docs/guide/setup"]',
  'page-ref': 'div.page-ref a[href="/docs/guide/install"]',
  stepper: 'ol.stepper',
  'stepper-step': 'ol.stepper > li.step',
  columns: 'div.columns',
  column: 'div.columns > div.column',
  updates: 'div.updates',
  update: 'div.updates > article.update time[datetime="2031-04-02"]',
  prompt: 'figure.prompt > figcaption',
  'reusable-content': 'div.hint.hint-success',
  openapi: 'div.openapi code',
  conditional: 'div.hint.hint-danger',
  raw: 'div > abbr[title]',
};

const INLINES: Record<InlineType, string> = {
  link: 'p a[href="https://example.com"]',
  'inline-image': 'p img[src="https://example.com/icon.png"]',
  'inline-math': 'p .math-inline .katex',
  expression: 'p span.expression',
  emoji: 'p span.emoji',
  mention: 'p span.mention',
  icon: 'p i.fa-rocket',
  button: 'p a.button.primary',
  raw: 'p q',
};

const MARKS: Record<MarkType, string> = {
  bold: 'p strong',
  italic: 'p em',
  strikethrough: 'p s',
  code: 'p code',
  color: 'p span.color-red',
  keyboard: 'p kbd',
  superscript: 'p sup',
  subscript: 'p sub',
};

const options = {
  resolvePageUrl: (page: string) => `/docs/${page.replace(/\.md$/, '')}`,
  resolveReusableContent: (reference: string) =>
    reference === '/reusable-content/support'
      ? markdownToDocument('{% hint style="success" %}\nContact support.\n{% endhint %}\n')
      : undefined,
  resolveExpression: variableValues({ space: { version: '3.1' } }),
};

function allBlocks(blocks: readonly Block[]): Block[] {
  return blocks.flatMap((block) => [
    block,
    ...('nodes' in block
      ? allBlocks((block.nodes as readonly { object: string }[]).filter(isBlock))
      : []),
  ]);
}

function isBlock(node: { object: string }): node is Block {
  return node.object === 'block';
}

function inlineContent(blocks: readonly Block[]): InlineContent[] {
  return blocks.flatMap((block) =>
    'nodes' in block
      ? (block.nodes as readonly { object: string }[]).filter(
          (node): node is InlineContent => node.object === 'text' || node.object === 'inline',
        )
      : [],
  );
}

const fixture = markdownToDocument(
  await readFile(new URL('fixtures/every-kind.md', import.meta.url), 'utf8'),
);
const blocks = allBlocks(fixture.nodes);
const inlines = inlineContent(blocks);

describe('every kind of the document model', () => {
  it('appears in the fixture', () => {
    expect(new Set(blocks.map((block) => block.type))).toEqual(new Set(Object.keys(BLOCKS)));
    expect(
      new Set(inlines.flatMap((node) => (node.object === 'inline' ? [node.type] : []))),
    ).toEqual(new Set(Object.keys(INLINES)));
    expect(
      new Set(
        inlines.flatMap((node) =>
          node.object === 'text'
            ? node.leaves.flatMap((leaf) => leaf.marks.map((mark) => mark.type))
            : [],
        ),
      ),
    ).toEqual(new Set(Object.keys(MARKS)));
  });

  it('renders to valid HTML with the element each kind stands for', async () => {
    const { tree } = await renderAndParse(fixture, options);
    const missing = Object.entries({ ...BLOCKS, ...INLINES, ...MARKS }).filter(
      ([, selector]) => select(selector, tree) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('renders each block alone, parts of blocks inside their usual parent', async () => {
    for (const block of blocks) {
      const document: Document = {
        object: 'document',
        data: { schemaVersion: SCHEMA_VERSION },
        nodes: [block],
      };
      const { html } = await renderDocument(document, options);
      expect(html, block.type).not.toBe('');
      await expectValidHtml(html);
    }
  });
});
