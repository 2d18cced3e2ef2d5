import { describe, expect, it } from 'vitest';
import type { Document, ParagraphBlock, Text } from '../src/index.js';
import {
  documentToMarkdown,
  links,
  markdownToDocument,
  plainText,
  readMarkdown,
  sections,
} from '../src/index.js';
import { cells, expectRaw, table } from './support/html-table-fixtures.js';
import { readExactly } from './support/read-exactly.js';

const text = (value: string): Text => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: [] }],
});

const cards = table(
  ' data-view="cards"',
  '<th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th>',
  '<td><h4><i class="fa-book">:book:</i></h4></td>' +
    '<td><h4>Write a guide</h4><p>Draft pages, review them and <strong>publish</strong>.</p></td>' +
    '<td><a href="guides/write.md">write.md</a></td>',
  '<td><h3>Ship it</h3></td><td><h4>Go live</h4><p>Point a domain at the site.</p></td>' +
    '<td><a href="guides/domain.md">domain.md</a></td>',
);

describe('blocks in the cells of GitBook HTML tables', () => {
  it('reads cards whose cells hold a heading and a paragraph', () => {
    const [block] = readExactly(cards);
    const [, first, second] = cells(block);
    expect(first?.[0]).toMatchObject([
      { type: 'heading-3', data: { level: 4 }, nodes: [{ type: 'icon', data: { icon: 'book' } }] },
    ]);
    expect(first?.[1]).toMatchObject([
      { object: 'block', type: 'heading-3', data: { level: 4 }, nodes: [text('Write a guide')] },
      {
        object: 'block',
        type: 'paragraph',
        nodes: [
          {
            leaves: [
              { text: 'Draft pages, review them and ', marks: [] },
              { text: 'publish', marks: [{ type: 'bold' }] },
              { text: '.', marks: [] },
            ],
          },
        ],
      },
    ]);
    expect(second?.[0]).toEqual([
      expect.objectContaining({ type: 'heading-3', nodes: [text('Ship it')] }),
    ]);
    expect(second?.[0]?.[0]).not.toHaveProperty('data');
    // Text cells stay running text.
    expect(second?.[2]).toMatchObject([{ object: 'inline', type: 'link' }]);
  });

  it('reads cells of several paragraphs, and lists of running text', () => {
    const header = '<th width="150">Plan</th><th>Includes</th>';
    const [block] = readExactly(
      table(
        '',
        header,
        '<td><p>Free</p><p>For <em>one</em> person.</p></td>' +
          '<td><p>Good for:</p><ul><li>Drafts</li><li><a href="sites.md">Sites</a></li></ul></td>',
        '<td><h2>Team</h2></td><td><ol start="2"><li>Reviews</li><li></li></ol><ol><li>Sync</li></ol></td>',
      ),
    );
    const [, free, team] = cells(block);
    expect(free?.[0]).toMatchObject([
      { type: 'paragraph', nodes: [text('Free')] },
      { type: 'paragraph' },
    ]);
    expect(free?.[1]).toMatchObject([
      { type: 'paragraph', nodes: [text('Good for:')] },
      {
        type: 'list-unordered',
        nodes: [
          { type: 'list-item', nodes: [{ type: 'paragraph', nodes: [text('Drafts')] }] },
          { type: 'list-item', nodes: [{ type: 'paragraph', nodes: [{ type: 'link' }] }] },
        ],
      },
    ]);
    expect(team?.[0]).toMatchObject([{ type: 'heading-2', nodes: [text('Team')] }]);
    expect(team?.[1]).toMatchObject([
      {
        type: 'list-ordered',
        data: { start: 2 },
        nodes: [{}, { type: 'list-item', nodes: [{ type: 'paragraph', nodes: [] }] }],
      },
      { type: 'list-ordered', nodes: [{ nodes: [{ nodes: [text('Sync')] }] }] },
    ]);
    expect(team?.[1]?.[1]).not.toHaveProperty('data');
  });

  it('keeps cells that mix text and blocks, or blocks GitBook does not write, verbatim', () => {
    const header = '<th width="150">Key</th><th>Value</th>';
    // Text next to a block, or a line break between blocks.
    expectRaw(table('', header, '<td>a</td><td>Intro<p>Body</p></td>'));
    expectRaw(table('', header, '<td>a</td><td><p>One</p>\n<p>Two</p></td>'));
    // Attributes on blocks, other blocks, and a list item of text and a list.
    expectRaw(table('', header, '<td><h3 align="center">a</h3></td><td>b</td>'));
    expectRaw(table('', header, '<td><blockquote>a</blockquote></td><td>b</td>'));
    expectRaw(table('', header, '<td><ul><li>a<ul><li>b</li></ul></li></ul></td><td>b</td>'));
    expectRaw(table('', header, '<td><ul start="2"><li>a</li></ul></td><td>b</td>'));
    // Written back otherwise: an item of one paragraph is written as its text, and `start="1"`
    // is left out.
    expectRaw(table('', header, '<td><ul><li><p>a</p></li></ul></td><td>b</td>'));
    expectRaw(table('', header, '<td><ol start="1"><li>a</li></ol></td><td>b</td>'));
  });

  it('writes tables with block cells as HTML, even without settings', () => {
    const paragraph = (value: string): ParagraphBlock => ({
      object: 'block',
      type: 'paragraph',
      nodes: [text(value)],
    });
    const document: Document = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'table',
          data: { align: [null] },
          nodes: [
            {
              object: 'block',
              type: 'table-row',
              nodes: [{ object: 'block', type: 'table-cell', nodes: [text('Name')] }],
            },
            {
              object: 'block',
              type: 'table-row',
              nodes: [
                {
                  object: 'block',
                  type: 'table-cell',
                  nodes: [paragraph('a'), paragraph('b & c')],
                },
              ],
            },
          ],
        },
      ],
    };
    const markdown = documentToMarkdown(document);
    expect(markdown).toBe(
      '<table><thead><tr><th>Name</th></tr></thead><tbody><tr><td><p>a</p><p>b &#x26; c</p></td></tr></tbody></table>\n',
    );
    expect(readMarkdown(markdown).document.nodes[0]).toMatchObject(document.nodes[0] ?? {});
  });

  it('gives block cells keys, text, sections and links', () => {
    const nodes = readExactly(`## Guides\n\n${cards}`);
    const document = markdownToDocument(`## Guides\n\n${cards}`);
    expect(document.nodes).toEqual(nodes);
    const [, block] = document.nodes;
    const heading = cells(block)[1]?.[1]?.[0];
    expect(heading).toMatchObject({ object: 'block', key: expect.any(String) });
    expect(plainText(document)).toBe(
      'Guides\n\t\t\n\tWrite a guide Draft pages, review them and publish.\twrite.md\n' +
        'Ship it\tGo live Point a domain at the site.\tdomain.md',
    );
    expect(sections(document)).toMatchObject([
      { title: 'Guides', level: 2, text: expect.stringContaining('Go live Point a domain') },
    ]);
    expect(links(document).map((link) => link.target)).toEqual([
      'guides/write.md',
      'guides/domain.md',
    ]);
  });
});
