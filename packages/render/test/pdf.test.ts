import { readFileSync } from 'node:fs';
import { markdownToDocument } from '@quire/document';
import { describe, expect, it } from 'vitest';
import { type PdfBook, type PdfBookPage, pdfImageSources, writePdf } from '../src/index.js';
import { readPdf } from './support/pdf.js';

// A 1×1 PNG.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const introMarkdown = `Quire keeps **bold words**, *slanted ones*, \`inline code\` and [the web](https://example.com/docs).

See [the CLI](guides/setup.md#cli) and [this page's end](#last-words).

## Lists

1. First step
2. Second step

- A bullet
- Another bullet

- [x] Done task
- [ ] Open task

## A table

| Name | Role |
| --- | --- |
| Ada | Engineer |
| Grace | Admiral |

\`\`\`ts
const answer: number = 42;
\`\`\`

{% hint style="warning" %}
Mind the gap.
{% endhint %}

> Quoted wisdom.

![A pixel](.gitbook/assets/pixel.png)

![Remote](https://example.com/remote.png)

## Last words

The end.
`;

function page(
  id: string,
  title: string,
  markdown: string | undefined,
  children: PdfBookPage[] = [],
): PdfBookPage {
  return markdown === undefined
    ? { id, kind: 'group', title, children }
    : { id, kind: 'document', title, document: markdownToDocument(markdown), children };
}

const book: PdfBook = {
  title: 'Handbook',
  pages: [
    page('intro', 'Introduction', introMarkdown),
    page('guides', 'Guides', undefined, [
      page('setup', 'Setup', '## CLI\n\nRun `quire`. Back to [the start](../intro.md).\n'),
      page('deploy', 'Deploy', 'Ship it.\n', [page('aws', 'On AWS', 'Use a region.\n')]),
    ]),
  ],
};

const paths: Record<string, string> = {
  intro: 'intro',
  setup: 'guides/setup',
  deploy: 'guides/deploy',
  aws: 'guides/deploy/aws',
};

/** Page references resolved as paths from the page holding them, as in a folder of files. */
function resolvePage(reference: string, fromPageId: string): string | undefined {
  const from = (paths[fromPageId] ?? '').split('/').slice(0, -1);
  for (const segment of reference.replace(/\.md$/, '').split('/')) {
    if (segment === '..') from.pop();
    else if (segment !== '.') from.push(segment);
  }
  const target = from.join('/');
  return Object.entries(paths).find(([, path]) => path === target)?.[0];
}

describe('writePdf', async () => {
  const bytes = await writePdf(book, {
    resolvePage,
    resolveImage: (source) => (source.endsWith('pixel.png') ? { data: pixel } : undefined),
  });
  const pdf = await readPdf(bytes);
  const text = pdf.pages.join('\n');

  it('writes a title page, then each page from a new page, a group heading its first page', () => {
    expect(pdf.title).toBe('Handbook');
    expect(pdf.pages[0]).toContain('Handbook');
    const start = (title: string) => pdf.pages.findIndex((item) => item.startsWith(title)) + 1;
    expect(start('Introduction')).toBe(2);
    expect(start('Guides')).toBeGreaterThan(2);
    // The group's title and its first page share a page.
    expect(pdf.pages[start('Guides') - 1]).toContain('Setup');
    expect(start('Deploy')).toBe(start('Guides') + 1);
    expect(start('On AWS')).toBe(start('Deploy') + 1);
    expect(pdf.pageCount).toBe(start('On AWS'));
  });

  it('has an outline of bookmarks nested as the page tree, each opening its page', () => {
    const shape = (items: typeof pdf.outline): unknown[] =>
      items.map((item) => [item.title, shape(item.items)]);
    expect(shape(pdf.outline)).toEqual([
      ['Introduction', []],
      [
        'Guides',
        [
          ['Setup', []],
          ['Deploy', [['On AWS', []]]],
        ],
      ],
    ]);
    const [intro, guides] = pdf.outline;
    expect(intro?.page).toBe(2);
    expect(pdf.pages[(guides?.items[1]?.page ?? 0) - 1]).toContain('Deploy');
  });

  it('writes paragraphs with their marks, headings, lists, tables, code and boxes', () => {
    for (const expected of [
      'bold words',
      'slanted ones',
      'inline code',
      'First step',
      'Another bullet',
      'Open task',
      'Engineer',
      'Admiral',
      'answer',
      '42',
      'Mind the gap.',
      'Quoted wisdom.',
      'Last words',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/1\.\s*First step/);
    expect(text).toMatch(/2\.\s*Second step/);
  });

  it('links to the web as URIs and to pages and headings of the book inside the PDF', () => {
    const introLinks = pdf.links[1] ?? [];
    expect(introLinks).toContainEqual({ url: 'https://example.com/docs' });
    const setupPage = pdf.outline[1]?.items[0]?.page;
    expect(introLinks).toContainEqual({ destination: 'page:setup#cli', page: setupPage });
    expect(introLinks).toContainEqual({ destination: 'page:intro#last-words', page: 2 });
    expect(pdf.links.flat()).toContainEqual({ destination: 'page:intro', page: 2 });
    expect(pdf.destinations['page:aws']).toBe(pdf.outline[1]?.items[1]?.items[0]?.page);
  });

  it('places the images it resolves, and stands in the alt text for the others', () => {
    expect(pdf.images.reduce((a, b) => a + b, 0)).toBe(1);
    expect(text).toContain('[Remote]');
    expect(pdfImageSources(book)).toEqual([
      '.gitbook/assets/pixel.png',
      'https://example.com/remote.png',
    ]);
  });

  it('writes Greek, Cyrillic and Hebrew with its embedded fonts, and what they lack as question marks', async () => {
    const written = await readPdf(
      await writePdf({
        title: 'Café',
        pages: [page('p', 'Ünïcode', 'Привет, Ελληνικά, שלום. Tokyo 東京 — “quoted”\n')],
      }),
    );
    const text = written.pages.join('\n');
    expect(text).toContain('Привет, Ελληνικά');
    expect(text).toContain('Tokyo ?? — “quoted”');
    expect(written.title).toBe('Café');
  });

  it('repeats the header of a long table on every page it goes on to, and continues long code', async () => {
    const rows = Array.from({ length: 90 }, (_, index) => `| Row ${index} | Value ${index} |`);
    const code = Array.from({ length: 120 }, (_, index) => `line_${index} = ${index}`);
    const markdown = `| Name | Value |\n| --- | --- |\n${rows.join('\n')}\n\n\`\`\`python\n${code.join('\n')}\n\`\`\`\n`;
    const written = await readPdf(
      await writePdf({ title: 'Long', pages: [page('p', 'Long', markdown)] }),
    );
    const withRows = written.pages.filter((text) => /Row \d+/.test(text));
    expect(withRows.length).toBeGreaterThan(1);
    for (const text of withRows) expect(text).toMatch(/Name\s*Value/);
    const all = written.pages.join('\n');
    expect(all).toContain('Row 89');
    expect(all).toContain('line_0 = 0');
    expect(all).toContain('line_119 = 119');
  });

  it('writes every kind of block and inline the model has', async () => {
    const markdown = readFileSync(new URL('./fixtures/every-kind.md', import.meta.url), 'utf8');
    const written = await readPdf(
      await writePdf({ title: 'Every kind', pages: [page('all', 'Every kind', markdown)] }),
    );
    const all = written.pages.join('\n');
    for (const expected of [
      'Quoted text.',
      'Be careful.',
      'First tab.',
      'Step one.',
      'Hidden text.',
    ]) {
      expect(all).toContain(expected);
    }
  });

  it("shows the space's and the page's variables where expressions name them, and any other expression as itself", async () => {
    const markdown =
      'Install <code class="expression">space.vars.version</code> on <code class="expression">page.vars.os</code>, <code class="expression">visitor.claims.plan</code>.\n';
    const written = await readPdf(
      await writePdf({
        title: 'Variables',
        variables: { version: '3.1' },
        pages: [{ ...page('install', 'Install', markdown), variables: { os: 'Linux' } }],
      }),
    );
    expect(written.pages.join('\n')).toContain('Install 3.1 on Linux, visitor.claims.plan.');
  });

  it('writes a book without pages as its title page', async () => {
    const written = await readPdf(await writePdf({ title: 'Empty', pages: [] }));
    expect(written.pageCount).toBe(1);
    expect(written.outline).toEqual([]);
  });
});
