import { describe, expect, it } from 'vitest';
import { documentToMarkdown, htmlToMarkdown, markdownToDocument } from '../src/index.js';

describe('HTML pasted from elsewhere', () => {
  it('says what the page said, as Markdown: headings, marks, lists, code, tables, quotes', () => {
    const markdown = htmlToMarkdown(
      [
        '<h2>Steps</h2>',
        '<ul><li>one <b>bold</b></li><li><a href="https://example.com/two">two</a></li></ul>',
        '<pre><code class="language-js">let a = 1;\n</code></pre>',
        '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>',
        '<blockquote><p>Quoted</p></blockquote>',
      ].join(''),
    );
    expect(markdown).toBe(
      '## Steps\n\n* one **bold**\n* [two](https://example.com/two)\n\n```js\nlet a = 1;\n```\n\n| A | B |\n| - | - |\n| 1 | 2 |\n\n> Quoted\n',
    );
    expect(markdownToDocument(markdown).nodes.map((block) => block.type)).toEqual([
      'heading-2',
      'list-unordered',
      'code',
      'table',
      'blockquote',
    ]);
  });

  it('keeps nothing that runs: scripts, styles, handlers, and links or images to script URLs', () => {
    const markdown = htmlToMarkdown(
      '<p onclick="window.pwned=1">Pasted <a href="javascript:window.pwned=2">link</a> <a href=" JavaScript:x">two</a><img src="x.png" onerror="window.pwned=3"><img src="data:image/png;base64,AA"></p><script>window.pwned=4</script><style>p{}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(markdown).toBe('Pasted link two![](x.png)\n');
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });

  it('keeps relative and mail links', () => {
    expect(
      htmlToMarkdown(
        '<a href="setup.md#install">Setup</a> <a href="mailto:a@example.com">mail</a>',
      ),
    ).toBe('[Setup](setup.md#install) [mail](mailto:a@example.com)\n');
  });
});
