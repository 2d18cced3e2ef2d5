import { describe, expect, it } from 'vitest';
import {
  documentToMarkdown,
  type InlineContent,
  links,
  markdownToDocument,
  plainText,
  readMarkdown,
  sections,
} from '../src/index.js';
import { lines, readExactly } from './support/read-exactly.js';

/** The running text of the only paragraph of some Markdown, read exactly. */
function paragraphOf(markdown: string): InlineContent[] {
  const [paragraph] = readExactly(markdown);
  if (paragraph?.type !== 'paragraph') throw new Error(`not a paragraph: ${paragraph?.type}`);
  return paragraph.nodes;
}

describe("GitBook's inline HTML", () => {
  it('reads text and background colours as a colour mark, outside bold and italic', () => {
    const nodes = paragraphOf(
      'Set <mark style="color:red;">the key</mark>, <mark style="background-color:yellow;">' +
        'not the name</mark> and [<mark style="color:blue;">**Settings**</mark>](settings.md).\n',
    );
    expect(nodes[0]).toEqual({
      object: 'text',
      leaves: [
        { object: 'leaf', text: 'Set ', marks: [] },
        {
          object: 'leaf',
          text: 'the key',
          marks: [{ object: 'mark', type: 'color', data: { text: 'red' } }],
        },
        { object: 'leaf', text: ', ', marks: [] },
        {
          object: 'leaf',
          text: 'not the name',
          marks: [{ object: 'mark', type: 'color', data: { background: 'yellow' } }],
        },
        { object: 'leaf', text: ' and ', marks: [] },
      ],
    });
    expect(nodes[1]).toMatchObject({
      type: 'link',
      nodes: [
        {
          leaves: [
            {
              text: 'Settings',
              marks: [{ type: 'color', data: { text: 'blue' } }, { type: 'bold' }],
            },
          ],
        },
      ],
    });
  });

  it('reads a colour with both text and background', () => {
    const [text] = paragraphOf(
      '<mark style="color:orange;background-color:purple;">Both</mark> colours.\n',
    );
    expect(text).toMatchObject({
      leaves: [
        {
          text: 'Both',
          marks: [{ type: 'color', data: { text: 'orange', background: 'purple' } }],
        },
        { text: ' colours.', marks: [] },
      ],
    });
  });

  it('reads keys, superscript and subscript as marks', () => {
    const [text] = paragraphOf(
      'Press <kbd>Ctrl</kbd> + <kbd>K</kbd>; H<sub>2</sub>O; 2<sup>10</sup>.\n',
    );
    const marked =
      text?.object === 'text'
        ? text.leaves
            .filter((leaf) => leaf.marks.length > 0)
            .map((leaf) => [leaf.text, leaf.marks[0]?.type])
        : [];
    expect(marked).toEqual([
      ['Ctrl', 'keyboard'],
      ['K', 'keyboard'],
      ['2', 'subscript'],
      ['10', 'superscript'],
    ]);
  });

  it('reads icons and buttons as inlines of their own', () => {
    const nodes = paragraphOf(
      lines(
        '<i class="fa-rocket">:rocket:</i> <a href="https://example.com/start" class="button primary" data-icon="rocket">Get started</a><a href="setup.md" class="button secondary">Set up</a> <button type="button" class="button primary" data-action="ask" data-query="How do I &#x22;sync&#x22;?" data-icon="gitbook-assistant">Ask "AI" &#x26; more</button>',
      ),
    );
    expect(nodes.filter((node) => node.object === 'inline')).toEqual([
      { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'rocket' } },
      {
        object: 'inline',
        type: 'button',
        isVoid: true,
        data: {
          kind: 'primary',
          label: 'Get started',
          ref: { kind: 'url', url: 'https://example.com/start' },
          icon: 'rocket',
        },
      },
      {
        object: 'inline',
        type: 'button',
        isVoid: true,
        data: { kind: 'secondary', label: 'Set up', ref: { kind: 'page', page: 'setup.md' } },
      },
      {
        object: 'inline',
        type: 'button',
        isVoid: true,
        data: {
          kind: 'primary',
          label: 'Ask "AI" & more',
          action: 'ask',
          query: 'How do I "sync"?',
          icon: 'gitbook-assistant',
        },
      },
    ]);
    const document = markdownToDocument(
      '<a href="setup.md" class="button secondary">Set up</a> <i class="fa-book">:book:</i>\n',
    );
    expect(plainText(document)).toBe('Set up ');
    expect(links(document)).toMatchObject([{ kind: 'page', target: 'setup.md', text: 'Set up' }]);
  });

  it("reads GitBook's expressions (its variables in text) as inlines of their own", () => {
    const nodes = paragraphOf(
      lines(
        'Install <code class="expression">space.vars.version</code> or <code class="expression">page.vars.beta &#x26;&#x26; "rc"</code>.',
      ),
    );
    expect(nodes.filter((node) => node.object === 'inline')).toEqual([
      {
        object: 'inline',
        type: 'expression',
        isVoid: true,
        data: { expression: 'space.vars.version' },
      },
      {
        object: 'inline',
        type: 'expression',
        isVoid: true,
        data: { expression: 'page.vars.beta && "rc"' },
      },
    ]);
    // Inline code with a class of its own, or spelt otherwise, stays as written.
    for (const kept of [
      '<code class="language-js">x</code>\n',
      '<code class="expression"></code>\n',
      '<code class="expression" id="v">space.vars.a</code>\n',
    ]) {
      expect(JSON.stringify(markdownToDocument(kept))).not.toContain('"expression"');
      expect(documentToMarkdown(markdownToDocument(kept))).toBe(kept);
    }
  });

  it('reads a picture with a dark variant as an image in text', () => {
    const nodes = paragraphOf(
      'Open the menu <picture><source srcset="menu-dark.svg" media="(prefers-color-scheme: dark)"><img src="menu.svg" alt="Menu"></picture> first.\n',
    );
    expect(nodes[1]).toEqual({
      object: 'inline',
      type: 'inline-image',
      isVoid: true,
      data: { src: 'menu.svg', alt: 'Menu', srcDark: 'menu-dark.svg' },
    });
  });

  it('reads a heading anchor as the heading’s own anchor', () => {
    const [heading] = readExactly('#### Run the demo <a href="#demo" id="demo"></a>\n');
    expect(heading).toMatchObject({
      type: 'heading-3',
      data: { level: 4, anchor: 'demo' },
      nodes: [{ leaves: [{ text: 'Run the demo' }] }],
    });
    expect(sections(markdownToDocument('## Run it <a href="#run" id="run"></a>\n'))).toMatchObject([
      { title: 'Run it', anchor: 'run' },
    ]);
  });

  it('reads <br> as a hard break, written <br> where it ends the text', () => {
    const nodes = paragraphOf('Open the app.<br>\n');
    expect(nodes).toEqual([
      { object: 'text', leaves: [{ object: 'leaf', text: 'Open the app.\n', marks: [] }] },
    ]);
    // In a GFM table cell it stays as written: GitBook writes a table with breaks as HTML.
    const { document, warnings } = readMarkdown(
      lines('| Values     |', '| ---------- |', '| one<br>two |'),
    );
    expect(warnings.map((warning) => warning.kind)).toEqual(['html']);
    expect(documentToMarkdown(document)).toBe(
      lines('| Values     |', '| ---------- |', '| one<br>two |'),
    );
  });

  it('keeps what it does not model, or does not spell as GitBook does, verbatim', () => {
    for (const markdown of [
      'A <mark>plain mark</mark>.\n',
      'A <mark style="color: red">spaced style</mark>.\n',
      'An <i class="fa-book">icon with a label</i>.\n',
      'A <a href="x.md" class="button tertiary">button</a>.\n',
      'Empty <kbd></kbd> key.\n',
    ]) {
      const { document, warnings } = readMarkdown(markdown);
      expect(warnings.map((warning) => warning.kind)).toContain('html');
      expect(documentToMarkdown(document)).toBe(markdown);
    }
  });
});

describe('GitBook’s Markdown style', () => {
  it('writes an item whose blocks are set apart with a wide marker, and keeps items together', () => {
    const [list] = readExactly(
      lines(
        '* **Cover**',
        '  1. Open the menu.',
        '*   **Width**',
        '',
        '    Choose the width.',
        '',
        '    1. Open the menu.',
        '* Last',
      ),
    );
    expect(list).toMatchObject({ type: 'list-unordered', data: { loose: true } });
    readExactly(lines('1.  First', '', '    More.', '2. Second'));
    // A loose list without such an item still sets its items apart.
    readExactly(lines('* One', '', '* Two'));
  });

  it('escapes every underscore in text, and leaves bare URLs as text', () => {
    const [paragraph] = readExactly(
      'Set PAGERDUTY\\_CLIENT\\_ID, see https://example.com/a_b or www.example.com.\n',
    );
    expect(paragraph).toMatchObject({
      nodes: [
        {
          leaves: [
            { text: 'Set PAGERDUTY_CLIENT_ID, see https://example.com/a_b or www.example.com.' },
          ],
        },
      ],
    });
    expect(documentToMarkdown(markdownToDocument('snake_case\n'))).toBe('snake\\_case\n');
  });

  it('writes italic exactly around bold as GitBook does', () => {
    readExactly('_**Tell the truth.**_ Then **act**.\n');
    // Known difference: `***act***` is the same italic bold, written GitBook's way.
    const { document } = readMarkdown('_**Tell the truth.**_ Then ***act***.\n');
    expect(document).toEqual(readMarkdown('_**Tell the truth.**_ Then _**act**_.\n').document);
    expect(documentToMarkdown(document)).toBe('_**Tell the truth.**_ Then _**act**_.\n');
  });

  it('writes a line break inside a colour mark as the space it reads as (known difference)', () => {
    const broken = 'A <mark style="background-color:yellow;">not the\nname</mark> mark.\n';
    const { document, warnings } = readMarkdown(broken);
    expect(warnings).toEqual([]);
    expect(document).toEqual(
      readMarkdown('A <mark style="background-color:yellow;">not the name</mark> mark.\n').document,
    );
    expect(documentToMarkdown(document)).toBe(
      'A <mark style="background-color:yellow;">not the name</mark> mark.\n',
    );
  });
});
