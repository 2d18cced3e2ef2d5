import { markdownToDocument } from '@quire/document';
import { select, selectAll } from 'hast-util-select';
import { toString as textOf } from 'hast-util-to-string';
import { describe, expect, it } from 'vitest';
import { lines, renderAndParse } from './support/html.js';

const resolvePageUrl = (page: string, anchor: string | undefined) =>
  page === 'missing.md'
    ? undefined
    : `/docs/${page.replace(/\.md$/, '')}${anchor === undefined ? '' : `#${anchor}`}`;

describe('renderDocument', () => {
  it('gives headings the ids sections() gives them, unique within the page', async () => {
    const { tree, headings } = await renderAndParse(
      markdownToDocument(
        lines(
          '# Getting started',
          '',
          '## Usage',
          '',
          '{% hint style="info" %}',
          '### Usage',
          '{% endhint %}',
          '',
          '## Usage',
          '',
          '#### Deep <a href="#custom" id="custom"></a>',
        ),
      ),
    );
    expect(selectAll('h1, h2, h3, h4', tree).map((node) => node.properties.id)).toEqual([
      'getting-started',
      'usage',
      'usage-2',
      'usage-1',
      'custom',
    ]);
    expect(headings).toEqual([
      { id: 'getting-started', text: 'Getting started', depth: 1 },
      { id: 'usage', text: 'Usage', depth: 2 },
      { id: 'usage-1', text: 'Usage', depth: 2 },
      { id: 'custom', text: 'Deep', depth: 4 },
    ]);
  });

  it('gives a heading whose text slugs to nothing no id, and stays valid HTML', async () => {
    const { tree, headings } = await renderAndParse(
      markdownToDocument(lines('## 🎉', '', '## Next')),
    );
    expect(selectAll('h2', tree).map((node) => node.properties.id)).toEqual([undefined, 'next']);
    expect(headings.map((heading) => heading.text)).toEqual(['🎉', 'Next']);
  });

  it('keeps Markdown written inside an HTML element inside it, sanitized as one piece', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '<details>',
          '',
          '<summary><strong>How do I update?</strong></summary>',
          '',
          'Run **this**:',
          '',
          '```bash',
          'docker pull quire',
          '```',
          '',
          '</details>',
          '',
          '<div onclick="steal()">',
          '',
          '<script>alert(1)</script>',
          '',
          '## Inside',
          '',
          '</div>',
          '',
          '<quire-slot data-slot="0"></quire-slot>',
          '',
          '<section>',
          '',
          'Never closed.',
        ),
      ),
    );
    const details = select('details', tree);
    expect(textOf(select('summary', details) ?? tree)).toBe('How do I update?');
    expect(textOf(select('p', details) ?? tree)).toBe('Run this:');
    expect(select('pre.shiki span[style*="--shiki-dark"]', details)).toBeDefined();
    const wrapper = select('div:has(h2)', tree);
    expect(wrapper?.properties.onClick).toBeUndefined();
    expect(select('h2', wrapper)?.properties.id).toBe('inside');
    expect(selectAll('script, quire-slot', tree)).toEqual([]);
    expect(textOf(tree)).toContain('Never closed.');
  });

  it('renders hints as notes with a class per style', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% hint style="info" %}',
          'Read this.',
          '{% endhint %}',
          '',
          '{% hint style="danger" %}',
          'Do not do that.',
          '{% endhint %}',
        ),
      ),
    );
    const hints = selectAll('div[role=note].hint', tree);
    expect(hints.map((hint) => hint.properties.className)).toEqual([
      ['hint', 'hint-info'],
      ['hint', 'hint-danger'],
    ]);
    expect(hints.map((hint) => hint.properties.ariaLabel)).toEqual(['Info', 'Danger']);
    expect(textOf(hints[0]!)).toBe('Read this.');
  });

  it('highlights code with both themes as CSS variables, and titles it', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% code title="install.sh" lineNumbers="true" %}',
          '```bash',
          'npm install --save quire',
          '```',
          '{% endcode %}',
          '',
          '```brainfuck',
          '+++ <x>',
          '```',
        ),
      ),
    );
    const [titled, unknown] = selectAll('figure.code-block', tree);
    expect(titled?.properties.className).toContain('line-numbers');
    expect(textOf(select('figcaption', titled!)!)).toBe('install.sh');
    const tokens = selectAll('pre.shiki code span.line > span', titled!);
    expect(tokens.length).toBeGreaterThan(1);
    for (const token of tokens) {
      expect(String(token.properties.style)).toMatch(
        /--shiki-light:#[\da-f]+;--shiki-dark:#[\da-f]+/i,
      );
    }
    // An unknown language is plain text: one unhighlighted run, its markup escaped.
    expect(textOf(select('pre', unknown!)!)).toBe('+++ <x>');
    expect(select('pre x', unknown!)).toBeUndefined();
  });

  it('typesets inline and display math with KaTeX', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(lines('Energy is $$E = mc^2$$.', '', '$$', '\\sum_{i=1}^n i', '$$')),
    );
    expect(select('p .math-inline .katex', tree)).toBeDefined();
    expect(select('.math-display .katex-display .katex', tree)).toBeDefined();
    expect(select('.math-display math annotation', tree)).toBeDefined();
  });

  it('renders task lists with disabled checkboxes', async () => {
    const { tree } = await renderAndParse(markdownToDocument(lines('- [x] Write', '- [ ] Ship')));
    const boxes = selectAll('ul.task-list > li.task-list-item > input[type=checkbox]', tree);
    expect(boxes.map((box) => [box.properties.checked === true, box.properties.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
  });

  it('renders tabs as disclosures that need no script, the first open', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '{% tabs %}',
          '{% tab title="macOS" %}',
          'Use Homebrew.',
          '{% endtab %}',
          '',
          '{% tab title="Linux" %}',
          'Use the package.',
          '{% endtab %}',
          '{% endtabs %}',
        ),
      ),
    );
    const tabs = selectAll('.tabs > details.tab', tree);
    expect(tabs.map((tab) => textOf(select('summary', tab)!))).toEqual(['macOS', 'Linux']);
    expect(tabs.map((tab) => tab.properties.open === true)).toEqual([true, false]);
    expect(new Set(tabs.map((tab) => tab.properties.name)).size).toBe(1);
  });

  it('renders a stepper as an ordered list of steps', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
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
      ),
    );
    expect(selectAll('ol.stepper > li.step', tree)).toHaveLength(2);
    expect(select('ol.stepper h3#install', tree)).toBeDefined();
  });

  it('renders tables with a header row and alignment', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(lines('| Name | Size |', '| :--- | ---: |', '| a | 1 |', '| b | 2 |')),
    );
    expect(selectAll('thead th[scope=col]', tree).map((cell) => textOf(cell))).toEqual([
      'Name',
      'Size',
    ]);
    expect(selectAll('tbody tr', tree)).toHaveLength(2);
    expect(select('tbody td:last-child', tree)?.properties.style).toBe('text-align:right');
  });

  it('renders images with their dark variant and captions', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '<figure><picture><source srcset="assets/dark.png" media="(prefers-color-scheme: dark)"><img src="assets/light.png" alt="Dashboard"></picture><figcaption><p>The dashboard</p></figcaption></figure>',
          '',
          '![Logo](https://example.com/logo.png)',
        ),
      ),
      { resolveFileUrl: (file) => `/files/${file}` },
    );
    const figure = select('figure', tree)!;
    const dark = select('picture > source[media="(prefers-color-scheme: dark)"]', figure);
    expect(String(dark?.properties.srcSet)).toBe('/files/assets/dark.png');
    expect(select('picture > img', figure)?.properties).toMatchObject({
      src: '/files/assets/light.png',
      alt: 'Dashboard',
    });
    expect(textOf(select('figcaption', figure)!)).toBe('The dashboard');
    expect(select('img[src="https://example.com/logo.png"][alt=Logo]', tree)).toBeDefined();
  });

  it('links pages through the resolver, and leaves unresolved ones as text', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(
        lines(
          'See [setup](guide/setup.md#install), [gone](missing.md) and [top](#intro).',
          '',
          '{% content-ref url="guide/setup.md" %}',
          '[setup.md](guide/setup.md)',
          '{% endcontent-ref %}',
        ),
      ),
      { resolvePageUrl },
    );
    expect(selectAll('p a', tree).map((link) => link.properties.href)).toEqual([
      '/docs/guide/setup#install',
      '#intro',
      '/docs/guide/setup',
    ]);
    expect(textOf(select('p', tree)!)).toContain('gone');
  });

  it('links files through the file resolver', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(lines('{% file src="assets/guide.pdf" %}', 'The guide.', '{% endfile %}')),
      { resolveFileUrl: (file) => `https://files.example.com/${file}` },
    );
    const link = select('.file a[download]', tree);
    expect(link?.properties.href).toBe('https://files.example.com/assets/guide.pdf');
    expect(textOf(link!)).toBe('The guide.');
  });

  it('sanitizes raw HTML: no script, no event handler, no javascript: URL', async () => {
    const { html, tree } = await renderAndParse(
      markdownToDocument(
        lines(
          '<div class="box"><script>alert(1)</script><p onclick="steal()">Hi <a href="javascript:alert(2)">there</a> <a href="https://example.com">ok</a></p></div>',
          '',
          'Inline <b onmouseover="x()">bold</b> <img src="x.png" onerror="y()" alt="x">.',
        ),
      ),
    );
    expect(html).not.toMatch(/script|onclick|onmouseover|onerror|javascript:|steal|alert/i);
    expect(select('a[href="https://example.com"]', tree)).toBeDefined();
    expect(select('p b', tree)).toBeDefined();
  });

  it('hides conditional blocks when the predicate says so, and shows them by default', async () => {
    const document = markdownToDocument(
      lines('{% if visitor.claims.plan == "pro" %}', 'Pro only.', '{% endif %}', '', 'Everyone.'),
    );
    const shown = await renderAndParse(document);
    expect(textOf(shown.tree)).toContain('Pro only.');
    const conditions: string[] = [];
    const hidden = await renderAndParse(document, {
      showCondition: (condition) => {
        conditions.push(condition);
        return false;
      },
    });
    expect(textOf(hidden.tree)).not.toContain('Pro only.');
    expect(textOf(hidden.tree)).toContain('Everyone.');
    expect(conditions).toEqual(['visitor.claims.plan == "pro"']);
  });

  it('never links to a URL with another scheme', async () => {
    const { tree } = await renderAndParse(
      markdownToDocument(lines('[a](javascript:alert(1)) [b](data:text/html,x) [c](mailto:a@b.c)')),
    );
    expect(selectAll('a', tree).map((link) => link.properties.href)).toEqual(['mailto:a@b.c']);
  });
});
