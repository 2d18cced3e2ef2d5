import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument, readMarkdown } from '../src/index.js';
import { lines, readExactly } from './support/read-exactly.js';

describe('GitBook blocks', () => {
  it('reads a stepper of steps, each holding blocks', () => {
    const [stepper] = readExactly(
      lines(
        '{% stepper %}',
        '{% step %}',
        '### Install',
        '',
        'Run the installer.',
        '{% endstep %}',
        '',
        '{% step %}',
        'Sign in.',
        '{% endstep %}',
        '{% endstepper %}',
      ),
    );
    expect(stepper).toMatchObject({
      type: 'stepper',
      nodes: [
        { type: 'stepper-step', nodes: [{ type: 'heading-3' }, { type: 'paragraph' }] },
        { type: 'stepper-step', nodes: [{ type: 'paragraph' }] },
      ],
    });
  });

  it('reads columns with their widths', () => {
    const [columns] = readExactly(
      lines(
        '{% columns %}',
        '{% column width="40%" %}',
        'Left side.',
        '{% endcolumn %}',
        '',
        '{% column %}',
        'Right side.',
        '{% endcolumn %}',
        '{% endcolumns %}',
      ),
    );
    expect(columns).toMatchObject({
      type: 'columns',
      nodes: [{ type: 'column', data: { width: '40%' } }, { type: 'column' }],
    });
    expect(columns?.type === 'columns' && columns.nodes[1]).not.toHaveProperty('data');
  });

  it('reads a changelog of dated updates with tags', () => {
    const [updates] = readExactly(
      lines(
        '{% updates format="full" %}',
        '{% update date="2031-04-02" tags="fixes,api" %}',
        '## Faster search',
        '',
        '* Results arrive sooner.',
        '{% endupdate %}',
        '{% endupdates %}',
      ),
    );
    expect(updates).toMatchObject({
      type: 'updates',
      data: { format: 'full' },
      nodes: [{ type: 'update', data: { date: '2031-04-02', tags: 'fixes,api' } }],
    });
  });

  it('closes an update right after an HTML block, as GitBook writes a changelog', () => {
    const [updates] = readExactly(
      lines(
        '{% updates %}',
        '{% update date="2031-04-02" %}',
        '<details>',
        '',
        '<summary>Fixes</summary>',
        '',
        'Fixed the sidebar.',
        '',
        '</details>',
        '{% endupdate %}',
        '{% endupdates %}',
      ),
    );
    expect(updates).toMatchObject({
      type: 'updates',
      nodes: [{ type: 'update', nodes: [{ type: 'expandable', data: { title: 'Fixes' } }] }],
    });
  });

  it('reads prompts, OpenAPI blocks and reusable-content includes', () => {
    const nodes = readExactly(
      lines(
        '{% prompt description="Summarise a page" %}',
        '```markdown',
        'Summarise this page in three bullet points.',
        '```',
        '{% endprompt %}',
        '',
        '{% openapi src="https://api.example.org/spec.json" path="/widgets" method="post" %}',
        '[https://api.example.org/spec.json](https://api.example.org/spec.json)',
        '{% endopenapi %}',
        '',
        '{% openapi-schemas spec="widgets" schemas="Widget" grouped="false" %}',
        'The widget object',
        '{% endopenapi-schemas %}',
        '',
        '{% include "/reusable-content/contact-support" %}',
        '',
        '{% include "../.gitbook/includes/contact-support.md" %}',
      ),
    );
    expect(nodes).toMatchObject([
      { type: 'prompt', data: { description: 'Summarise a page' }, nodes: [{ type: 'code' }] },
      {
        type: 'openapi',
        data: {
          tag: 'openapi',
          attributes: {
            src: 'https://api.example.org/spec.json',
            path: '/widgets',
            method: 'post',
          },
        },
        nodes: [{ type: 'paragraph' }],
      },
      {
        type: 'openapi',
        data: { tag: 'openapi-schemas', attributes: { spec: 'widgets', schemas: 'Widget' } },
      },
      {
        type: 'reusable-content',
        isVoid: true,
        data: {
          ref: { kind: 'reusable-content', reusableContent: '/reusable-content/contact-support' },
        },
      },
      {
        type: 'reusable-content',
        isVoid: true,
        data: {
          ref: {
            kind: 'reusable-content',
            reusableContent: '../.gitbook/includes/contact-support.md',
          },
        },
      },
    ]);
  });

  it('reads hints and tabs with icons', () => {
    const [hint, tabs] = readExactly(
      lines(
        '{% hint style="success" icon="rocket" %}',
        'Shipped.',
        '{% endhint %}',
        '',
        '{% tabs %}',
        '{% tab title="Linux" icon="linux" %}',
        'Use the package.',
        '{% endtab %}',
        '{% endtabs %}',
      ),
    );
    expect(hint).toMatchObject({ type: 'hint', data: { style: 'success', icon: 'rocket' } });
    expect(tabs).toMatchObject({
      type: 'tabs',
      nodes: [{ type: 'tabs-item', data: { title: 'Linux', icon: 'linux' } }],
    });
  });

  it('reads framed and full-width figures', () => {
    const [images] = readExactly(
      lines(
        '<div data-with-frame="true"><figure><img src="a.png" alt=""><figcaption></figcaption></figure></div>',
        '<div data-full-width="false"><figure><img src="b.png" alt="B"><figcaption><p>Wide</p></figcaption></figure></div>',
      ),
    );
    expect(images).toMatchObject({
      type: 'images',
      nodes: [
        { data: { src: 'a.png', caption: '', frame: true } },
        { data: { src: 'b.png', alt: 'B', caption: 'Wide', fullWidth: false } },
      ],
    });
  });

  it('reads a file with its caption', () => {
    const [file] = readExactly(
      lines('{% file src="assets/guide.pdf" %}', 'The printable guide.', '{% endfile %}'),
    );
    expect(file).toMatchObject({
      type: 'file',
      data: { src: 'assets/guide.pdf', caption: 'The printable guide.' },
    });
  });

  it('reads figures with a width and with an empty caption', () => {
    const [images] = readExactly(
      lines(
        '<figure><img src="assets/dashboard.png" alt="The dashboard" width="320"><figcaption></figcaption></figure>',
      ),
    );
    expect(images).toMatchObject({
      type: 'images',
      nodes: [
        {
          type: 'image',
          data: { src: 'assets/dashboard.png', alt: 'The dashboard', width: '320', caption: '' },
        },
      ],
    });
  });

  it('keeps unknown containers together: their tag lines hug the content', () => {
    const markdown = lines('{% badge color="blue" %}', 'New in this release.', '{% endbadge %}');
    const { document, warnings } = readMarkdown(markdown);
    expect(warnings.map((warning) => warning.kind)).toEqual(['tag', 'tag']);
    expect(document.nodes.map((block) => block.type)).toEqual(['raw', 'paragraph', 'raw']);
    expect(documentToMarkdown(document)).toBe(markdown);
  });

  it('reads extra blank lines as empty paragraphs and writes each back as one line', () => {
    const nodes = readExactly('# Title\n\n\n\nText\n\n');
    expect(nodes.map((block) => [block.type, 'nodes' in block ? block.nodes.length : 0])).toEqual([
      ['heading-1', 1],
      ['paragraph', 0],
      ['paragraph', 0],
      ['paragraph', 1],
      ['paragraph', 0],
    ]);
  });
});

describe("GitBook's Markdown style", () => {
  it('writes * bullets, _ emphasis, *** rules and marks inside link text', () => {
    const markdown = lines(
      '* Open [**Settings**](settings.md)**, then Billing**',
      '* Read the _whole_ page at [https://example.org](https://example.org)',
      '',
      '***',
      '',
      'Click **Add new...** for Lambda@Edge.',
    );
    readExactly(markdown);
  });

  it('reads - bullets and * emphasis, and writes them in GitBook style', () => {
    expect(documentToMarkdown(markdownToDocument('- one *two*\n\n---\n'))).toBe(
      '* one _two_\n\n***\n',
    );
  });
});
