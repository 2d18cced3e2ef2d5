import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument, readMarkdown } from '../src/index.js';
import { lines, readExactly } from './support/read-exactly.js';

describe('page cards', () => {
  it('reads {% page-ref %} as a void block naming the page', () => {
    const nodes = readExactly(
      lines(
        'See the setup guide:',
        '',
        '{% page-ref page="../setup/first-steps.md" %}',
        '',
        'Then continue.',
      ),
    );
    expect(nodes[1]).toEqual({
      object: 'block',
      type: 'page-ref',
      isVoid: true,
      data: { page: '../setup/first-steps.md' },
      key: expect.any(String),
    });
  });

  it('keeps a page-ref with other attributes verbatim', () => {
    const { document, warnings } = readMarkdown('{% page-ref page="a.md" title="A" %}\n');
    expect(document.nodes[0]?.type).toBe('raw');
    expect(warnings.map((warning) => warning.kind)).toEqual(['tag']);
  });
});

describe('conditional content', () => {
  it('reads {% if %} … {% endif %} as a block holding its content and the condition', () => {
    const [first, second] = readExactly(
      lines(
        '{% if visitor.claims.unsigned.beta %}',
        'Only **beta** readers see this.',
        '',
        '* and this list',
        '{% endif %}',
        '',
        '{% if !visitor.claims.unsigned.beta && visitor.claims.plan === "pro" %}',
        'Everyone else on the pro plan.',
        '{% endif %}',
      ),
    );
    expect(first).toMatchObject({
      type: 'conditional',
      data: { condition: 'visitor.claims.unsigned.beta' },
      nodes: [{ type: 'paragraph' }, { type: 'list-unordered' }],
    });
    expect(second).toMatchObject({
      type: 'conditional',
      data: { condition: '!visitor.claims.unsigned.beta && visitor.claims.plan === "pro"' },
    });
  });

  it('nests conditions inside other containers', () => {
    const [hint] = readExactly(
      lines(
        '{% hint style="info" %}',
        '{% if visitor.claims.admin %}',
        'Admins can change this.',
        '{% endif %}',
        '{% endhint %}',
      ),
    );
    expect(hint).toMatchObject({ type: 'hint', nodes: [{ type: 'conditional' }] });
  });

  it('keeps an {% if %} without its {% endif %} verbatim', () => {
    const { document, warnings } = readMarkdown('{% if visitor.claims.admin %}\nText\n');
    expect(document.nodes.map((block) => block.type)).toEqual(['raw', 'paragraph']);
    expect(warnings.map((warning) => warning.kind)).toEqual(['tag']);
  });
});

describe('expandables shown open', () => {
  it('reads <details open> as an expandable with open: true', () => {
    const [open, closed] = readExactly(
      lines(
        '<details open>',
        '',
        '<summary>Step 1: install</summary>',
        '',
        'Run the installer.',
        '',
        '</details>',
        '',
        '<details>',
        '',
        '<summary>Step 2</summary>',
        '',
        'Sign in.',
        '',
        '</details>',
      ),
    );
    expect(open).toMatchObject({
      type: 'expandable',
      data: { title: 'Step 1: install', open: true },
    });
    expect(closed).toMatchObject({ type: 'expandable', data: { title: 'Step 2' } });
    expect(closed?.type === 'expandable' && closed.data).not.toHaveProperty('open');
  });

  it('reads summaries with quotes and escaped characters as GitBook writes them', () => {
    const [expandable] = readExactly(
      lines(
        '<details>',
        '',
        '<summary>What does "Not set" mean for a &#x3C;select> &#x26; an input?</summary>',
        '',
        'It was left empty.',
        '',
        '</details>',
      ),
    );
    expect(expandable).toMatchObject({
      data: { title: 'What does "Not set" mean for a <select> & an input?' },
    });
  });
});

describe('code blocks', () => {
  it('reads expandable="true" with the other code attributes, in the order GitBook writes them', () => {
    const [code] = readExactly(
      lines(
        '{% code title="deploy.yaml" overflow="wrap" lineNumbers="true" expandable="true" %}',
        '```yaml',
        'steps: []',
        '```',
        '{% endcode %}',
      ),
    );
    expect(code).toMatchObject({
      type: 'code',
      data: {
        syntax: 'yaml',
        title: 'deploy.yaml',
        lineNumbers: true,
        overflow: 'wrap',
        expandable: true,
      },
    });
  });
});

describe('HTML after a list item, at the margin', () => {
  it('joins it to the paragraph, as CommonMark reads it, so the list stays tight', () => {
    const markdown = lines('- one', '- two', '</Tab>', '', 'After.');
    const [list] = markdownToDocument(markdown).nodes;
    expect(list).toMatchObject({
      type: 'list-unordered',
      nodes: [
        { nodes: [{ type: 'paragraph' }] },
        {
          nodes: [
            {
              type: 'paragraph',
              nodes: [
                { object: 'text', leaves: [{ text: 'two ' }] },
                { type: 'raw', data: { markdown: '</Tab>' } },
              ],
            },
          ],
        },
      ],
    });
    const once = documentToMarkdown(markdownToDocument(markdown));
    expect(once).toBe(lines('* one', '* two </Tab>', '', 'After.'));
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('leaves HTML indented into the item as a block of the item', () => {
    const markdown = lines('* one', '  <div>x</div>', '* two');
    const { document } = readMarkdown(markdown);
    expect(document.nodes[0]).toMatchObject({
      nodes: [{ nodes: [{ type: 'paragraph' }, { type: 'raw' }] }, {}],
    });
    expect(documentToMarkdown(document)).toBe(markdown);
  });
});
