import { describe, expect, it } from 'vitest';
import type { Block, Document, ImageData } from '../src/index.js';
import { assignKeys, documentToMarkdown, markdownToDocument, readMarkdown } from '../src/index.js';
import { lines, readExactly } from './support/read-exactly.js';

const picture = (dark: string, light: string, alt = '') =>
  `<picture><source srcset="${dark}" media="(prefers-color-scheme: dark)"><img src="${light}" alt="${alt}"></picture>`;

function imagesOf(...data: ImageData[]): Document {
  const block: Block = {
    object: 'block',
    type: 'images',
    nodes: data.map((image) => ({ object: 'block', type: 'image', isVoid: true, data: image })),
  };
  return { object: 'document', data: { schemaVersion: 1 }, nodes: [block] };
}

describe('images for light and dark mode', () => {
  it('reads a lone <picture> as a block image with its dark variant', () => {
    const nodes = readExactly(
      lines('Before.', '', picture('art/map-dark.png', 'art/map.png', 'Route map'), '', 'After.'),
    );
    expect(nodes.map((block) => block.type)).toEqual(['paragraph', 'images', 'paragraph']);
    expect(nodes[1]).toMatchObject({
      nodes: [{ data: { src: 'art/map.png', alt: 'Route map', srcDark: 'art/map-dark.png' } }],
    });
  });

  it('reads a lone <picture> between paragraphs of a list item', () => {
    const [list] = readExactly(
      lines(
        '*   Open the **Options** menu',
        '',
        `    ${picture('icons/options-dark.svg', 'icons/options.svg')}`,
        '',
        '    and choose **Rename**.',
      ),
    );
    expect(list).toMatchObject({
      type: 'list-unordered',
      nodes: [
        {
          nodes: [
            { type: 'paragraph' },
            { type: 'images', nodes: [{ data: { srcDark: 'icons/options-dark.svg' } }] },
            { type: 'paragraph' },
          ],
        },
      ],
    });
  });

  it('reads a <picture> in a figure with a caption, framed or full width', () => {
    const [images] = readExactly(
      lines(
        `<figure>${picture('d/chart-dark.png', 'd/chart.png', 'Sales chart')}<figcaption><p>Sales by month</p></figcaption></figure>`,
        `<div data-full-width="false"><figure>${picture('d/a-dark.png', 'd/a.png')}<figcaption></figcaption></figure></div>`,
      ),
    );
    expect(images).toMatchObject({
      type: 'images',
      nodes: [
        {
          data: {
            src: 'd/chart.png',
            alt: 'Sales chart',
            caption: 'Sales by month',
            srcDark: 'd/chart-dark.png',
          },
        },
        { data: { src: 'd/a.png', caption: '', fullWidth: false, srcDark: 'd/a-dark.png' } },
      ],
    });
  });

  it('writes a figure of a <picture> without a caption as the lone picture GitBook writes', () => {
    const markdown = `<figure>${picture('x-dark.png', 'x.png', 'X')}</figure>\n`;
    const once = documentToMarkdown(markdownToDocument(markdown));
    expect(once).toBe(`${picture('x-dark.png', 'x.png', 'X')}\n`);
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('keeps pictures with other sources or media verbatim', () => {
    for (const html of [
      '<picture><source srcset="a.webp" type="image/webp"><img src="a.png" alt=""></picture>',
      '<picture><source srcset="d.png" media="(prefers-color-scheme: light)"><img src="a.png" alt=""></picture>',
      '<picture><source srcset="d.png" media="(prefers-color-scheme: dark)"><source srcset="e.png"><img src="a.png" alt=""></picture>',
    ]) {
      const { document, warnings } = readMarkdown(`${html}\n`);
      expect(document.nodes[0]?.type, html).toBe('paragraph');
      expect(warnings.length, html).toBeGreaterThan(0);
      expect(documentToMarkdown(document)).toBe(`${html}\n`);
    }
  });
});

describe('aligned images', () => {
  it('reads <div align> around an image, and around a figure when it has a caption', () => {
    const [images] = readExactly(
      lines(
        '<div align="center"><img src="shots/settings.png" alt="The settings window"></div>',
        '<div align="left"><figure><img src="shots/wide.png" alt="" width="240"><figcaption><p>Narrow view</p></figcaption></figure></div>',
        '<div align="right"><figure><img src="shots/b.png" alt=""><figcaption></figcaption></figure></div>',
      ),
    );
    expect(images).toMatchObject({
      type: 'images',
      nodes: [
        { data: { src: 'shots/settings.png', alt: 'The settings window', align: 'center' } },
        { data: { src: 'shots/wide.png', caption: 'Narrow view', width: '240', align: 'left' } },
        { data: { src: 'shots/b.png', caption: '', align: 'right' } },
      ],
    });
  });

  it('writes alignment with a dark variant and a frame, and reads it back', () => {
    const document = imagesOf(
      { src: 'a.png', alt: 'A', frame: true, srcDark: 'a-dark.png', align: 'center' },
      { src: 'b.png', caption: 'B', align: 'right' },
    );
    const markdown = documentToMarkdown(document);
    expect(markdown).toBe(
      lines(
        `<div align="center" data-with-frame="true">${picture('a-dark.png', 'a.png', 'A')}</div>`,
        '<div align="right"><figure><img src="b.png" alt=""><figcaption><p>B</p></figcaption></figure></div>',
      ),
    );
    expect(markdownToDocument(markdown)).toEqual(assignKeys(document));
  });

  it('keeps other alignments and HTML paragraphs verbatim', () => {
    for (const html of [
      '<div align="middle"><img src="a.png" alt=""></div>',
      '<div align="center"><figure><img src="a.png" alt=""></figure></div>',
      '<p align="center"><img src="a.png" alt=""></p>',
    ]) {
      const { document, warnings } = readMarkdown(`${html}\n`);
      expect(document.nodes[0]?.type, html).toBe('raw');
      expect(warnings.map((warning) => warning.kind)).toEqual(['html']);
    }
  });
});

describe('figure HTML as GitBook writes it', () => {
  it("reads GitBook's character references and writes them the same way", () => {
    const [images] = readExactly(
      lines(
        '<figure><img src="https://cdn.example.net/i.png?w=1&#x26;h=2" alt="Jo&#x27;s &#x22;best&#x22; shot"><figcaption><p>A "quoted" caption &#x26; a &#x3C;tag></p></figcaption></figure>',
      ),
    );
    expect(images).toMatchObject({
      type: 'images',
      nodes: [
        {
          data: {
            src: 'https://cdn.example.net/i.png?w=1&h=2',
            alt: 'Jo\'s "best" shot',
            caption: 'A "quoted" caption & a <tag>',
          },
        },
      ],
    });
  });

  it('keeps figures with other references or markup in the caption verbatim', () => {
    for (const html of [
      '<figure><img src="a.png?x=1&amp;y=2" alt=""><figcaption></figcaption></figure>',
      '<figure><img src="a.png" alt=""><figcaption><p>With <strong>bold</strong></p></figcaption></figure>',
      '<div><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>',
    ]) {
      const { document } = readMarkdown(`${html}\n`);
      expect(document.nodes[0]?.type, html).toBe('raw');
      expect(documentToMarkdown(document)).toBe(`${html}\n`);
    }
  });
});
