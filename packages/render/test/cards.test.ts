import type {
  Document,
  InlineContent,
  LinkInline,
  LinkRef,
  TableBlock,
  TableRowBlock,
} from '@quire/document';
import { select, selectAll } from 'hast-util-select';
import { toString as textOf } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { renderAndParse } from './support/html.js';

const text = (value: string): InlineContent => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: [] }],
});

const link = (ref: LinkRef): LinkInline => ({
  object: 'inline',
  type: 'link',
  data: { ref },
  nodes: [text('target')],
});

const row = (...cells: InlineContent[][]): TableRowBlock => ({
  object: 'block',
  type: 'table-row',
  nodes: cells.map((nodes) => ({ object: 'block', type: 'table-cell', nodes })),
});

// As GitBook writes cards: a hidden target column and a hidden cover column.
const cards: TableBlock = {
  object: 'block',
  type: 'table',
  data: {
    align: [null, null, null, null],
    view: 'cards',
    columns: [
      {},
      {},
      { hidden: true, cardTarget: true, type: 'content-ref' },
      { hidden: true, cardCover: true, type: 'files' },
    ],
  },
  nodes: [
    row([], [], [], [text('Cover')]),
    row(
      [text('Install')],
      [text('Get the CLI.')],
      [link({ kind: 'page', page: 'setup/install.md' })],
      [link({ kind: 'file', file: '.gitbook/assets/install.png' })],
    ),
  ],
};

describe('cards', () => {
  it('renders a cards table as a list of cards with cover and target', async () => {
    const document: Document = { object: 'document', data: { schemaVersion: 1 }, nodes: [cards] };
    const { tree } = await renderAndParse(document, {
      resolvePageUrl: (page) => `/docs/${page.replace(/\.md$/, '')}`,
      resolveFileUrl: (file) => `/files/${file}`,
    });
    const [card, ...others] = selectAll('ul.cards > li.card', tree);
    expect(others).toEqual([]);
    expect(select('.card-cover img', card!)?.properties.src).toBe(
      '/files/.gitbook/assets/install.png',
    );
    const target = select('a.card-link', card!);
    expect(target?.properties.href).toBe('/docs/setup/install');
    expect(textOf(target!)).toBe('Install');
    expect(textOf(select('.card-field', card!)!)).toBe('Get the CLI.');
  });
});
