import { describe, expect, it } from 'vitest';
import type { Document } from '../src/index.js';
import { documentToMarkdown, markdownToDocument, readMarkdown } from '../src/index.js';

function paragraphOf(text: string): Document {
  return {
    object: 'document',
    data: { schemaVersion: 1 },
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
      },
    ],
  };
}

describe('GitBook tags at the edges', () => {
  it('escapes text that would read back as a tag line', () => {
    const document = paragraphOf('{% hint style="info" %}');
    const markdown = documentToMarkdown(document);
    expect(markdown).toBe('\\{% hint style="info" %}\n');
    expect(markdownToDocument(markdown).nodes[0]).toMatchObject(document.nodes[0] ?? {});
  });

  it('keeps a tag inside running text as text', () => {
    const [paragraph] = markdownToDocument('Use {% raw %} here\n').nodes;
    expect(paragraph?.type).toBe('paragraph');
  });

  it('keeps hints with an unknown style verbatim and reads their content', () => {
    const { document, warnings } = readMarkdown('{% hint style="tip" %}\nBody\n{% endhint %}\n');
    expect(document.nodes.map((block) => block.type)).toEqual(['raw', 'paragraph', 'raw']);
    expect(warnings.map((warning) => warning.kind)).toEqual(['tag', 'tag']);
    const once = documentToMarkdown(document);
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('keeps an unbalanced closing tag verbatim', () => {
    const { document, warnings } = readMarkdown('Text\n\n{% endhint %}\n');
    expect(document.nodes[1]).toMatchObject({ type: 'raw', data: { markdown: '{% endhint %}' } });
    expect(warnings).toHaveLength(1);
  });

  it('closes a hint right after a list or quote without blank lines', () => {
    const markdown = '{% hint style="danger" %}\n* one\n* two\n{% endhint %}\n';
    const [hint] = markdownToDocument(markdown).nodes;
    expect(hint).toMatchObject({ type: 'hint', nodes: [{ type: 'list-unordered' }] });
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });

  it('reads nested hints inside tabs inside list items', () => {
    const markdown = [
      '* Step',
      '',
      '  {% tabs %}',
      '  {% tab title="macOS" %}',
      '  {% hint style="info" %}',
      '  Use Homebrew.',
      '  {% endhint %}',
      '  {% endtab %}',
      '  {% endtabs %}',
      '',
    ].join('\n');
    const [list] = markdownToDocument(markdown).nodes;
    expect(list).toMatchObject({
      type: 'list-unordered',
      nodes: [
        {
          nodes: [{ type: 'paragraph' }, { type: 'tabs', nodes: [{ nodes: [{ type: 'hint' }] }] }],
        },
      ],
    });
    const once = documentToMarkdown(markdownToDocument(markdown));
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });
});

describe('emoji', () => {
  it('reads emoji as inlines and leaves text-style symbols as text', () => {
    const [paragraph] = markdownToDocument('© 2024 👍🏽 🇫🇷\n').nodes;
    const nodes = paragraph && 'nodes' in paragraph ? paragraph.nodes : [];
    expect(nodes).toMatchObject([
      { object: 'text', leaves: [{ text: '© 2024 ' }] },
      { type: 'emoji', data: { code: '1f44d-1f3fd' } },
      { object: 'text', leaves: [{ text: ' ' }] },
      { type: 'emoji', data: { code: '1f1eb-1f1f7' } },
    ]);
  });
});
