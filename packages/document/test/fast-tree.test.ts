import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../bench/generate-page.js';
import { documentToMarkdown } from '../src/index.js';
import { fastTree } from '../src/markdown/fast-tree.js';
import { micromarkTree, parseMarkdownTree } from '../src/markdown/parse.js';
import { loadGfmSamples } from './fidelity/gfm-samples.js';
import { loadSpecExamples } from './fidelity/spec-examples.js';
import { documentArbitrary } from './support/document-arbitrary.js';
import { markdownArbitrary } from './support/markdown-arbitrary.js';

const runs = Number(process.env.FC_RUNS ?? 100);

// Positions the reader reads: those of blocks and of HTML. Table rows and cells, and running text
// other than HTML, are built without them by the fast reader.
const UNPOSITIONED = new Set([
  'tableRow',
  'tableCell',
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'inlineMath',
  'break',
  'link',
  'image',
]);

function withBlockPositions(node: Nodes): unknown {
  const { position, ...rest } = node as Nodes & { children?: Nodes[] };
  const children = 'children' in node ? node.children.map(withBlockPositions) : undefined;
  const kept = UNPOSITIONED.has(node.type) ? undefined : position;
  return { ...rest, ...(kept ? { position: kept } : {}), ...(children ? { children } : {}) };
}

/** The tree the parser reads must be micromark's, block positions included. */
function expectMicromarkTree(markdown: string): void {
  expect(withBlockPositions(parseMarkdownTree(markdown))).toEqual(
    withBlockPositions(micromarkTree(markdown)),
  );
}

const repositories = join(import.meta.dirname, '../../../apps/server/test/fixtures/gitbook-repos');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

// Thousands of parses each, twice: slow beside other test runs on a small machine.
describe('the fast reader reads Markdown as micromark does', { timeout: 120_000 }, () => {
  it('on every run of CommonMark examples, one after another', () => {
    const examples = loadSpecExamples().map(({ markdown }) => markdown);
    for (const example of examples) expectMicromarkTree(example);
    // Every second start: each example still meets each of its neighbours in some run.
    for (const separator of ['\n', '\n\n']) {
      for (let start = 0; start < examples.length; start += 2) {
        expectMicromarkTree(examples.slice(start, start + 4).join(separator));
      }
    }
  });

  it('on the GFM, math and footnote samples and on pages GitBook wrote', () => {
    for (const { markdown } of loadGfmSamples()) expectMicromarkTree(markdown);
    const pages = markdownFiles(repositories);
    expect(pages.length).toBeGreaterThan(90);
    for (const page of pages) expectMicromarkTree(readFileSync(page, 'utf8'));
  });

  it('on random Markdown and on what the writer writes', () => {
    fc.assert(fc.property(markdownArbitrary, expectMicromarkTree), { numRuns: runs * 5 });
    // After front matter, of any lines: the text after it is read on its own.
    const yamlLines = fc.array(fc.constantFrom('a: 1', '', '  - b', '--', '---  ', '...', '# c'), {
      maxLength: 4,
    });
    fc.assert(
      fc.property(yamlLines, markdownArbitrary, (lines, rest) =>
        expectMicromarkTree(`---\n${lines.map((line) => `${line}\n`).join('')}---\n${rest}`),
      ),
      { numRuns: runs * 2 },
    );
    fc.assert(
      fc.property(documentArbitrary, (document) =>
        expectMicromarkTree(documentToMarkdown(document)),
      ),
      { numRuns: runs },
    );
  });

  // Where markdown-it and micromark part ways, or micromark's positions are its own: each is
  // left to micromark, or built as micromark builds it.
  it.each([
    ['an indented code block right before a list not starting at 1', '    code\n3) three\n'],
    ['a list not starting at 1 after indented code', '    code\n\n3) three\n\n    c\n\n> 3) a\n'],
    ['a lazy line of HTML after text in a list', '- item\n</Tab>\n'],
    ['a table right below a list', '- a\n| a | b |\n|:-|-:|\n| 1 | 2 |\n'],
    ['an unclosed raw HTML block', '<style\n  type="text/css">\n\nfoo\n'],
    [
      'inline HTML in text, headings and cells',
      'a <b>c</b>\nd <mark>e</mark>\n\n# <i>h</i>\n\n| <br> |\n| - |\n',
    ],
    ['a list not starting at 1 in a container below text', 'Text\n- 3) three\n'],
    ['a quoted list followed by another', '> 3) three\n> - a\n'],
    ['a quote in a quote followed by a list', '> > quote\n> - [ ] todo\n'],
    ['a quoted list followed by a blank quoted line', '>>- one\n>>\n  >  > two\n'],
    ['an empty item with spaces after its marker', '- foo\n-   \n- bar\n'],
    ['indented code followed by a line of spaces', '    foo\n    \n\nafter\n'],
    ['a code span across lines', '`code  \nspan`\n'],
    ['a fence with spaces after its info', '~~~ a b  \nx\n~~~\n'],
    ['an unclosed fence in a list item', '- ```\n  x\n- y\n'],
    ['task items', '* [x] a\n* [ ]  b\n* [X]\n  c\n* [ ] ~~d~~ e\n- [x]\n'],
    ['math in running text', '\\$$x$$ y $$$z$$ `$$` $$a`$$ ![a $$b$$](u)\n'],
    ['math blocks', '$$\nx\n$$\n\n  $$\n   a\n  $$$\n\n$$ meta\ny\n$$\n\np\n$$\nz\n'],
    ['tag lines', 'a\n{% hint %}\n- b\n{% endhint %}\n    {% a %}\n{%%}\n - {% a %}\n'],
    ['table rows of other widths', '| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |\n'],
    [
      'HTML in a cell after an escaped pipe',
      '| `a\\|b` | x <br> y |\n| - | - |\n| `a\\|b` | x <br> y |\n',
    ],
    ['front matter', '---\ntitle: x\n---\n\n# A\n'],
    ['front matter alone, and empty', '---\ntitle: x\ny: 2\n---'],
    ['empty front matter', '---\n---\nA\n'],
    ['front matter with blank lines', '---\na: 1\n\n\nb: 2\n---\n\n\npara\n'],
    ['front matter closed with spaces after', '---\na\n---   \nb\n'],
    ['front matter never closed', '---\na\n'],
    ['a rule right after front matter', '---\na\n---\n---\nb\n'],
    ['a setext heading right after front matter', '---\na\n---\nTitle\n===\n'],
    ['indented code and a list after front matter', '---\na\n---\n    code\n3) x\n'],
    ['a definition after front matter', '---\na\n---\n[x]: /u\n\n[x]\n'],
    ['HTML beside Markdown', '<div>\n\n*a*\n\n</div>\n\nb <span>c</span>\n'],
    ['tabs and `[^` in a fence', '```go\nfunc a() {\n\treturn x[^1]\n}\n```\n\nb\tc [^d]\n'],
    ['a fence closed by a line with a tab after it', '```\na\n```\t\nb\n```\n'],
    ['a tab before a fence-like line', '~~~\n\t~~~\n~~~\n\n - ```\n   \tx\n   ```\n'],
    ['tabs in an indented fence and in its info', '  ```\n  \ta\n  ```\n```a\tb\nc\n```\n'],
    ['`[^` in indented code and in a code span', '    [^a]\n\n`[^b]`\n'],
  ])('on %s', (_, markdown) => {
    expectMicromarkTree(markdown);
  });

  it('reads tabs and `[^` in the lines of a fenced code block itself, and nowhere else', () => {
    expect(fastTree('```make\nall:\n\tcc -o a [^x].c\n```\n\nText.\n')).toBeDefined();
    expect(fastTree('~~~~\n\t```\n[^1] a\n~~~~\n')).toBeDefined();
    for (const markdown of [
      'Text\twith a tab.\n',
      'A note[^1].\n',
      '- ```\n  \tx\n  ```\n',
      '> ```\n> \tx\n> ```\n',
      '  ```\n  \tx\n  ```\n',
      '```\n\tx\n',
      '```\tinfo\nx\n```\n',
      '```\nx\n```\t\n',
      '```\n```\t\n```\n',
    ]) {
      expect(fastTree(markdown), markdown).toBeUndefined();
    }
  });

  it('reads a generated page without micromark', () => {
    expect(fastTree(generatePage(64 * 1024))).toBeDefined();
  });
});
