import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument, readMarkdown } from '../src/index.js';

function roundTrip(markdown: string): string {
  return documentToMarkdown(markdownToDocument(markdown));
}

describe('markdownToDocument', () => {
  it('reads paragraphs with marks into canonical leaves', () => {
    const document = markdownToDocument('Hello **bold *both*** and `code`\n');
    expect(document.data.schemaVersion).toBe(1);
    const [paragraph] = document.nodes;
    expect(paragraph?.type).toBe('paragraph');
    expect(paragraph && 'nodes' in paragraph ? paragraph.nodes : []).toEqual([
      {
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'Hello ', marks: [] },
          { object: 'leaf', text: 'bold ', marks: [{ object: 'mark', type: 'bold' }] },
          {
            object: 'leaf',
            text: 'both',
            marks: [
              { object: 'mark', type: 'bold' },
              { object: 'mark', type: 'italic' },
            ],
          },
          { object: 'leaf', text: ' and ', marks: [] },
          { object: 'leaf', text: 'code', marks: [{ object: 'mark', type: 'code' }] },
        ],
      },
    ]);
  });

  it('keeps headings deeper than three as heading-3 with their level', () => {
    const [heading] = markdownToDocument('##### Deep\n').nodes;
    expect(heading).toMatchObject({ type: 'heading-3', data: { level: 5 } });
    expect(roundTrip('##### Deep\n')).toBe('##### Deep\n');
  });

  it('reads GitBook blocks', () => {
    const markdown = [
      '{% hint style="warning" %}',
      'Careful',
      '{% endhint %}',
      '',
      '{% tabs %}',
      '{% tab title="npm" %}',
      '```sh',
      'npm i',
      '```',
      '{% endtab %}',
      '{% endtabs %}',
      '',
      '<details>',
      '',
      '<summary>More</summary>',
      '',
      'Body',
      '',
      '</details>',
      '',
      '{% embed url="https://example.com/video" %}',
      '',
      '{% file src=".gitbook/assets/guide.pdf" %}',
      '',
      '{% content-ref url="setup.md" %}',
      '[setup.md](setup.md)',
      '{% endcontent-ref %}',
      '',
      '$$',
      'E = mc^2',
      '$$',
      '',
    ].join('\n');
    const { document, warnings } = readMarkdown(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual([
      'hint',
      'tabs',
      'expandable',
      'embed',
      'file',
      'content-ref',
      'math',
    ]);
    expect(warnings).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads an embed caption, and keeps content that is not one beside a void embed', () => {
    const captioned = '{% embed url="https://youtu.be/x" %}\nThe launch \\* talk\n{% endembed %}\n';
    expect(markdownToDocument(captioned).nodes).toEqual([
      expect.objectContaining({
        type: 'embed',
        data: { url: 'https://youtu.be/x', caption: 'The launch * talk' },
      }),
    ]);
    expect(roundTrip(captioned)).toBe(captioned);
    // Emphasis is not plain text: the embed stands alone, the rest is read or kept verbatim.
    const marked = '{% embed url="https://youtu.be/x" %}\nThe *launch* talk\n{% endembed %}\n';
    const { document, warnings } = readMarkdown(marked);
    expect(document.nodes.map((block) => block.type)).toEqual(['embed', 'paragraph', 'raw']);
    expect(document.nodes[0]).toMatchObject({ data: { url: 'https://youtu.be/x' } });
    expect(warnings.map((warning) => warning.kind)).toEqual(['tag']);
    expect(roundTrip(roundTrip(marked))).toBe(roundTrip(marked));
    const written = documentToMarkdown({
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'embed',
          isVoid: true,
          data: { url: 'https://youtu.be/x', caption: '# not a heading' },
        },
      ],
    });
    expect(written).toBe(
      '{% embed url="https://youtu.be/x" %}\n\\# not a heading\n{% endembed %}\n',
    );
    expect(markdownToDocument(written).nodes[0]).toMatchObject({
      data: { caption: '# not a heading' },
    });
  });

  it('reads code titles, task lists, tables and figures', () => {
    const markdown = [
      '{% code title="index.js" lineNumbers="true" %}',
      '```js',
      'console.log(1)',
      '```',
      '{% endcode %}',
      '',
      '* [ ] todo',
      '* [x] done',
      '',
      '| a        |  b |',
      '| :------- | -: |',
      '| `x \\| y` |  1 |',
      '',
      '<figure><img src="a.png" alt="A"><figcaption><p>Caption</p></figcaption></figure>',
      '',
    ].join('\n');
    const document = markdownToDocument(markdown);
    expect(document.nodes[0]).toMatchObject({
      type: 'code',
      data: { syntax: 'js', title: 'index.js', lineNumbers: true },
    });
    expect(document.nodes[1]).toMatchObject({
      type: 'list-tasks',
      nodes: [{ data: { checked: false } }, { data: { checked: true } }],
    });
    expect(document.nodes[2]).toMatchObject({ type: 'table', data: { align: ['left', 'right'] } });
    expect(document.nodes[3]).toMatchObject({
      type: 'images',
      nodes: [{ type: 'image', data: { src: 'a.png', alt: 'A', caption: 'Caption' } }],
    });
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('reads inlines: links by kind, images, math, emoji, mentions', () => {
    const markdown =
      'See [setup](setup.md#install), [top](#top), [pdf](files/a.pdf), [site](https://example.com), ' +
      '![icon](i.png) $$x^2$$ 🎉 [Ada](mention:user-1)\n';
    const [paragraph] = markdownToDocument(markdown).nodes;
    const inlines = paragraph && 'nodes' in paragraph ? paragraph.nodes : [];
    expect(inlines.filter((node) => node.object === 'inline')).toMatchObject([
      { type: 'link', data: { ref: { kind: 'page', page: 'setup.md', anchor: 'install' } } },
      { type: 'link', data: { ref: { kind: 'anchor', anchor: 'top' } } },
      { type: 'link', data: { ref: { kind: 'file', file: 'files/a.pdf' } } },
      { type: 'link', data: { ref: { kind: 'url', url: 'https://example.com' } } },
      { type: 'inline-image', data: { src: 'i.png', alt: 'icon' } },
      { type: 'inline-math', data: { formula: 'x^2' } },
      { type: 'emoji', data: { code: '1f389' } },
      { type: 'mention', data: { user: 'user-1', label: 'Ada' } },
    ]);
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it('keeps what it cannot model verbatim and warns', () => {
    const markdown = [
      'Text with a note[^1] and <blink>Ctrl</blink> and a [reference][r].',
      '',
      '<div align="center">',
      '  <b>raw</b>',
      '</div>',
      '',
      '[r]: https://example.com "Example"',
      '',
      '[^1]: The note.',
      '',
      '{% swagger method="get" %}',
      '',
    ].join('\n');
    const { document, warnings } = readMarkdown(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual([
      'paragraph',
      'raw',
      'raw',
      'raw',
      'raw',
    ]);
    expect(warnings.map((warning) => warning.kind).sort()).toEqual([
      'definition',
      'footnote',
      'footnote',
      'html',
      'html',
      'html',
      'tag',
    ]);
    const once = roundTrip(markdown);
    expect(once).toContain('<div align="center">\n  <b>raw</b>\n</div>');
    expect(once).toContain('[r]: https://example.com "Example"');
    expect(once).toContain('[^1]: The note.');
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps YAML front matter verbatim without a warning, instead of reading a rule and a heading', () => {
    const markdown = '---\ndescription: Install and configure\nicon: gear\n---\n\n# Setup\n';
    const { document, warnings } = readMarkdown(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['raw', 'heading-1']);
    expect(document.nodes[0]).toMatchObject({
      data: { markdown: '---\ndescription: Install and configure\nicon: gear\n---' },
    });
    // Page metadata GitBook writes on most pages: kept as written, without a warning.
    expect(warnings).toEqual([]);
    expect(roundTrip(markdown)).toBe(markdown);
    // Only the very start of a page is front matter; later, the same lines are a rule and a heading.
    expect(markdownToDocument('Intro\n\n---\ntitle: x\n---\n').nodes.map((b) => b.type)).toEqual([
      'paragraph',
      'divider',
      'heading-2',
    ]);
  });

  it('gives the same keys for the same Markdown and after a round trip', () => {
    const markdown = '# A\n\nSame\n\nSame\n\n- one\n- two\n';
    const first = markdownToDocument(markdown);
    expect(markdownToDocument(markdown)).toEqual(first);
    expect(markdownToDocument(documentToMarkdown(first))).toEqual(first);
    const keys = first.nodes.map((block) => block.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[2]).toBe(`${keys[1]}-1`);
  });

  it('treats soft line breaks as spaces and hard breaks as newlines', () => {
    const [paragraph] = markdownToDocument('one\ntwo\\\nthree\n').nodes;
    expect(paragraph).toMatchObject({ nodes: [{ leaves: [{ text: 'one two\nthree' }] }] });
    expect(roundTrip('one\ntwo\\\nthree\n')).toBe('one two\\\nthree\n');
  });
});
