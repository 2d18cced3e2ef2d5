import { describe, expect, it } from 'vitest';
import type { Document, InlineContent, MarkType, TableBlock, Text } from '../src/index.js';
import { documentToMarkdown } from '../src/index.js';
import { cells, expectRaw, table } from './support/html-table-fixtures.js';
import { readExactly } from './support/read-exactly.js';

const text = (value: string, ...marks: Exclude<MarkType, 'color'>[]): Text => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }],
});

describe('GitBook HTML tables', () => {
  it('reads cards with a hidden target column and cover columns', () => {
    const [cards] = readExactly(
      table(
        ' data-card-size="large" data-view="cards"',
        '<th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th>' +
          '<th data-hidden data-card-cover data-type="files">Cover</th>' +
          '<th data-hidden data-card-cover-dark data-type="files">Dark cover</th>',
        '<td><strong>Install</strong></td><td>Get the CLI &#x26; sign in.</td>' +
          '<td><a href="setup/install.md">install.md</a></td>' +
          '<td><a href=".gitbook/assets/install.png">install.png</a></td><td></td>',
        '<td><strong>Write</strong></td><td>Your first page.</td>' +
          '<td><a data-mention href="write/first-page.md">first-page.md</a></td><td></td><td></td>',
      ),
    );
    expect(cards).toMatchObject({
      type: 'table',
      data: {
        align: [null, null, null, null, null],
        view: 'cards',
        cardSize: 'large',
        columns: [
          {},
          {},
          { hidden: true, cardTarget: true, type: 'content-ref' },
          { hidden: true, cardCover: true, type: 'files' },
          { hidden: true, cardCoverDark: true, type: 'files' },
        ],
      },
    });
    const [header, install, write] = cells(cards);
    expect(header?.[3]).toEqual([text('Cover')]);
    expect(install?.[0]).toEqual([text('Install', 'bold')]);
    expect(install?.[1]).toEqual([text('Get the CLI & sign in.')]);
    expect(install?.[2]).toEqual([
      {
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'page', page: 'setup/install.md' } },
        nodes: [text('install.md')],
      },
    ]);
    expect(install?.[3]).toMatchObject([
      { type: 'link', data: { ref: { kind: 'file', file: '.gitbook/assets/install.png' } } },
    ]);
    expect(write?.[2]).toMatchObject([
      {
        type: 'link',
        data: { ref: { kind: 'page', page: 'write/first-page.md' }, title: 'mention' },
      },
    ]);
    expect(write?.[4]).toEqual([]);
  });

  it('reads column widths and alignments repeated on every cell of the column', () => {
    const [options] = readExactly(
      table(
        '',
        '<th width="180.5" valign="top">Option</th><th width="96" align="center">Type</th><th>Meaning</th>',
        '<td valign="top"><code>retries</code></td><td align="center">number</td>' +
          '<td>How often to retry.<br><br>Defaults to <em>3</em>; <s>5</s> before 2.0.</td>',
      ),
    );
    expect(options).toMatchObject({
      data: {
        align: [null, 'center', null],
        columns: [{ width: '180.5', verticalAlign: 'top' }, { width: '96' }, {}],
      },
    });
    expect(cells(options)[1]?.[2]).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'How often to retry.\n\nDefaults to ', marks: [] },
          { object: 'leaf', text: '3', marks: [{ object: 'mark', type: 'italic' }] },
          { object: 'leaf', text: '; ', marks: [] },
          { object: 'leaf', text: '5', marks: [{ object: 'mark', type: 'strikethrough' }] },
          { object: 'leaf', text: ' before 2.0.', marks: [] },
        ],
      },
    ]);
  });

  it('reads hidden columns and table flags', () => {
    const [plans] = readExactly(
      table(
        ' data-full-width="false" data-search="false"',
        '<th>Plan</th><th data-type="number">Seats</th><th data-hidden>Internal note</th>',
        '<td>Team</td><td>10</td><td>Check with sales</td>',
      ),
    );
    expect(plans).toMatchObject({
      data: {
        search: false,
        fullWidth: false,
        columns: [{}, { type: 'number' }, { hidden: true }],
      },
    });
  });

  it('reads marks, nested marks, images and entities in cells', () => {
    const [reference] = readExactly(
      table(
        ' data-view="cards"',
        '<th></th>',
        '<td><strong>Run <code>quire &#x3C;cmd></code></strong> <em>now</em></td>',
        '<td><img src="icons/cli.svg" alt="CLI"> <a href="https://example.com/a?b=1&#x26;c=2"><strong>docs</strong> "here"</a> 🎉</td>',
      ),
    );
    const [, first, second] = cells(reference);
    expect(first?.[0]).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'Run ', marks: [{ object: 'mark', type: 'bold' }] },
          {
            object: 'leaf',
            text: 'quire <cmd>',
            marks: [
              { object: 'mark', type: 'bold' },
              { object: 'mark', type: 'code' },
            ],
          },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'now', marks: [{ object: 'mark', type: 'italic' }] },
        ],
      },
    ]);
    expect(second?.[0]).toMatchObject([
      { type: 'inline-image', data: { src: 'icons/cli.svg', alt: 'CLI' } },
      text(' '),
      {
        type: 'link',
        data: { ref: { kind: 'url', url: 'https://example.com/a?b=1&c=2' } },
        nodes: [
          {
            object: 'text',
            leaves: [
              { text: 'docs', marks: [{ type: 'bold' }] },
              { text: ' "here"', marks: [] },
            ],
          },
        ],
      },
      text(' '),
      { type: 'emoji', data: { code: '1f389' } },
    ]);
  });

  it('writes each mark once, around the longest run it covers', () => {
    const [marked] = readExactly(
      table(
        '',
        '<th width="150">A</th>',
        '<td><strong>all <em>some</em> <em><s>both</s></em></strong> <s>struck</s></td>',
      ),
    );
    expect(cells(marked)[1]?.[0]).toMatchObject([
      {
        leaves: [
          { text: 'all ', marks: [{ type: 'bold' }] },
          { text: 'some', marks: [{ type: 'bold' }, { type: 'italic' }] },
          { text: ' ', marks: [{ type: 'bold' }] },
          {
            text: 'both',
            marks: [{ type: 'bold' }, { type: 'italic' }, { type: 'strikethrough' }],
          },
          { text: ' ', marks: [] },
          { text: 'struck', marks: [{ type: 'strikethrough' }] },
        ],
      },
    ]);
    // Equally long runs nest in canonical order, bold outermost: the other nesting is not
    // what the writer gives back.
    expectRaw(table('', '<th width="150">A</th>', '<td><em><strong>tie</strong></em></td>'));
  });

  it('reads a table inside a tab, closed on the next line as GitBook writes it', () => {
    const [tabs] = readExactly(
      [
        '{% tabs %}',
        '{% tab title="Settings" %}',
        table('', '<th width="150">Name</th><th>Description</th>', '<td>a</td><td>b</td>').trim(),
        '{% endtab %}',
        '{% endtabs %}',
        '',
      ].join('\n'),
    );
    expect(tabs).toMatchObject({ type: 'tabs', nodes: [{ nodes: [{ type: 'table' }] }] });
  });

  it('keeps tables whose cells hold unmapped elements verbatim', () => {
    const header = '<th width="150">Key</th><th>Value</th>';
    expectRaw(table('', header, '<td><i class="fa-rocket">rocket</i></td><td>b</td>'));
    expectRaw(table('', header, '<td><kbd><kbd>Ctrl</kbd></kbd></td><td>b</td>'));
  });

  it('reads the marks and inlines GitBook writes in text: colours, keys, icons, buttons, pictures', () => {
    const header = '<th width="150">Key</th><th>Value</th>';
    const [block] = readExactly(
      table(
        '',
        header,
        '<td><mark style="color:red;"><strong>Ctrl</strong></mark> <kbd>K</kbd> H<sub>2</sub>O</td><td><i class="fa-rocket">:rocket:</i> <a href="setup.md" class="button primary" data-icon="rocket">Start</a> <picture><source srcset="d.svg" media="(prefers-color-scheme: dark)"><img src="l.svg" alt="Logo"></picture></td>',
      ),
    );
    const [first, second] = cells(block)[1] ?? [];
    expect(first).toMatchObject([
      {
        leaves: [
          { text: 'Ctrl', marks: [{ type: 'color', data: { text: 'red' } }, { type: 'bold' }] },
          { text: ' ', marks: [] },
          { text: 'K', marks: [{ type: 'keyboard' }] },
          { text: ' H', marks: [] },
          { text: '2', marks: [{ type: 'subscript' }] },
          { text: 'O', marks: [] },
        ],
      },
    ]);
    expect(second).toMatchObject([
      { type: 'icon', data: { icon: 'rocket' } },
      { leaves: [{ text: ' ' }] },
      {
        type: 'button',
        data: { kind: 'primary', label: 'Start', ref: { page: 'setup.md' }, icon: 'rocket' },
      },
      { leaves: [{ text: ' ' }] },
      { type: 'inline-image', data: { src: 'l.svg', alt: 'Logo', srcDark: 'd.svg' } },
    ]);
  });

  it('keeps tables verbatim unless they write back byte for byte', () => {
    const header = '<th width="150">Key</th><th>Value</th>';
    // Not GitBook's spelling: `<b>` for bold, a named entity, attributes in another order.
    expectRaw(table('', header, '<td><b>a</b></td><td>b</td>'));
    expectRaw(table('', header, '<td>a &amp; b</td><td>b</td>'));
    expectRaw(table('', '<th valign="top" width="150">Key</th>', '<td valign="top">a</td>'));
    // A cell aligned differently from its column.
    expectRaw(table('', '<th valign="top">Key</th>', '<td>a</td>'));
    // Unknown attributes, and a table GFM would write.
    expectRaw(table(' class="wide"', header, '<td>a</td><td>b</td>'));
    expectRaw(table('', '<th>Key</th><th>Value</th>', '<td>a</td><td>b</td>'));
  });
});

describe('writing tables', () => {
  const cell = (nodes: InlineContent[]) =>
    ({ object: 'block', type: 'table-cell', nodes }) as const;
  const tableOf = (data: TableBlock['data'], ...rows: InlineContent[][][]): Document => ({
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: [
      {
        object: 'block',
        type: 'table',
        data,
        nodes: rows.map((row) => ({ object: 'block', type: 'table-row', nodes: row.map(cell) })),
      },
    ],
  });

  it('writes GFM when nothing needs HTML', () => {
    const markdown = documentToMarkdown(
      tableOf({ align: ['left', null] }, [[text('a')], [text('b')]], [[text('1')], []]),
    );
    expect(markdown).toBe('| a  | b |\n| :- | - |\n| 1  |   |\n');
  });

  it('writes HTML for hard breaks in cells and for settings', () => {
    expect(
      documentToMarkdown(tableOf({ align: [null] }, [[text('Name')]], [[text('two\nlines')]])),
    ).toBe(
      '<table><thead><tr><th>Name</th></tr></thead><tbody><tr><td>two<br>lines</td></tr></tbody></table>\n',
    );
    expect(
      documentToMarkdown(
        tableOf(
          { align: ['right'], view: 'cards', columns: [{ width: '50%', verticalAlign: 'top' }] },
          [[text('A & B', 'bold', 'italic')]],
          [[text('x < y', 'code')]],
        ),
      ),
    ).toBe(
      '<table data-view="cards"><thead><tr><th width="50%" align="right" valign="top"><strong><em>A &#x26; B</em></strong></th></tr></thead>' +
        '<tbody><tr><td align="right" valign="top"><code>x &#x3C; y</code></td></tr></tbody></table>\n',
    );
  });
});
