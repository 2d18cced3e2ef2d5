import type { GitBookDocument, GitBookNode } from '@quire/document';
import {
  documentToMarkdown,
  fromGitBookDocument,
  markdownToDocument,
  toGitBookDocument,
} from '@quire/document';
import { documentArbitrary } from '@quire/document/arbitrary';
import { getSchema, type JSONContent } from '@tiptap/core';
import { Node } from '@tiptap/pm/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEditorDocument, toEditorDocument } from '../src/document-mapping.js';
import { editorExtensions } from '../src/extensions.js';

const schema = getSchema(editorExtensions());

/** GitBook's document → the editor's, checked against the editor's schema → GitBook's again. */
function roundTrip(markdown: string) {
  const gitbook = toGitBookDocument(markdownToDocument(markdown));
  const editor = toEditorDocument(gitbook);
  const node = Node.fromJSON(schema, editor);
  node.check();
  return { gitbook, editor, back: fromEditorDocument(node.toJSON()) };
}

/** The Markdown the document package writes for GitBook's document. */
const markdownOf = (document: GitBookDocument) => documentToMarkdown(fromGitBookDocument(document));
/** Markdown lines as the document package writes them (its tables padded). */
const formatted = (lines: string[]) => documentToMarkdown(markdownToDocument(lines.join('\n')));

describe("the editor's document", () => {
  it('is the identity on every document the document package generates', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        const gitbook = toGitBookDocument(document);
        const node = Node.fromJSON(schema, toEditorDocument(gitbook));
        node.check();
        expect(fromEditorDocument(node.toJSON())).toEqual(gitbook);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('edits headings, lists, quotes, code and hints natively, and keeps the rest whole', () => {
    const { editor, back, gitbook } = roundTrip(
      [
        '# Title',
        'Some **bold *both*** and [a link](https://example.com) `code`.',
        '- one\n- two\n  1. nested',
        '> quoted',
        '```js\nlet a = 1;\n\nlet b;\n```',
        '{% hint style="warning" %}\nCareful.\n{% endhint %}',
        '{% include ".gitbook/includes/other.md" %}',
        '{% tabs %}\n{% tab title="One" %}\nFirst\n{% endtab %}\n{% endtabs %}',
      ].join('\n\n'),
    );
    expect(back).toEqual(gitbook);
    expect(editor.content?.map((node) => node.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'blockquote',
      'codeBlock',
      'hint',
      'keptBlock',
      'tabs',
    ]);
    expect(editor.content?.[4]).toMatchObject({
      attrs: { language: 'js' },
      content: [{ type: 'text', text: 'let a = 1;\n\nlet b;' }],
    });
  });

  it('edits tabs, steppers, block formulas and expandables natively: titles, steps and TeX', () => {
    const { editor, back, gitbook } = roundTrip(
      [
        '{% tabs %}\n{% tab title="macOS" %}\nbrew install quire\n{% endtab %}\n\n{% tab title="Linux" %}\n* apt\n* dnf\n{% endtab %}\n{% endtabs %}',
        '{% stepper %}\n{% step %}\n### Install\n\nRun it.\n{% endstep %}\n\n{% step %}\nDone.\n{% endstep %}\n{% endstepper %}',
        '$$\nE = mc^2\n$$',
        '<details>\n\n<summary>Why?</summary>\n\nBecause.\n\n</details>',
      ].join('\n\n'),
    );
    expect(back).toEqual(gitbook);
    expect(editor.content).toMatchObject([
      {
        type: 'tabs',
        content: [
          { type: 'tabsItem', attrs: { title: 'macOS' }, content: [{ type: 'paragraph' }] },
          { type: 'tabsItem', attrs: { title: 'Linux' }, content: [{ type: 'bulletList' }] },
        ],
      },
      {
        type: 'stepper',
        content: [
          { type: 'stepperStep', content: [{ type: 'heading' }, { type: 'paragraph' }] },
          { type: 'stepperStep', content: [{ type: 'paragraph' }] },
        ],
      },
      { type: 'mathBlock', attrs: { formula: 'E = mc^2' } },
      { type: 'expandable', attrs: { title: 'Why?' }, content: [{ type: 'paragraph' }] },
    ]);

    // A title and a formula changed in the editor are what GitBook's document then says.
    const node = Node.fromJSON(schema, editor);
    const tabs = node.child(0);
    const renamed = tabs
      .child(0)
      .type.create({ ...tabs.child(0).attrs, title: 'macOS 15' }, tabs.child(0).content);
    const math = node.child(2);
    const edited = node.copy(
      node.content
        .replaceChild(0, tabs.copy(tabs.content.replaceChild(0, renamed)))
        .replaceChild(2, math.type.create({ ...math.attrs, formula: 'a^2 + b^2' })),
    );
    const written = fromEditorDocument(edited.toJSON());
    expect(written.nodes[0]?.nodes?.[0]?.data).toEqual({ title: 'macOS 15' });
    expect(written.nodes[2]).toMatchObject({ type: 'math', data: { formula: 'a^2 + b^2' } });
  });

  it('edits tables natively: a header row, then a row per record, a cell per fragment', () => {
    const { editor, back, gitbook } = roundTrip(
      '| Name | Role |\n| :--- | ---: |\n| Ada | **Admin** |\n| Lin | Writer |\n',
    );
    expect(back).toEqual(gitbook);
    expect(editor.content?.[0]).toMatchObject({
      type: 'table',
      content: [
        { type: 'tableRow', content: [{ type: 'tableHeader' }, { type: 'tableHeader' }] },
        { type: 'tableRow', content: [{ type: 'tableCell' }, { type: 'tableCell' }] },
        { type: 'tableRow', content: [{ type: 'tableCell' }, { type: 'tableCell' }] },
      ],
    });

    // A row added at the end, a column added after the first, the header renamed: what the
    // editor's table commands leave (new nodes, attributes at their defaults).
    const edited = structuredClone(editor);
    const cell = (type: string, text: string): JSONContent => ({
      type,
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const rows = edited.content?.[0]?.content ?? [];
    rows.push({
      type: 'tableRow',
      content: [cell('tableCell', 'Max'), cell('tableCell', 'Reader')],
    });
    const [header, ...body] = rows as [JSONContent, ...JSONContent[]];
    header.content?.splice(1, 0, cell('tableHeader', 'Team'));
    for (const [index, row] of body.entries()) {
      row.content?.splice(1, 0, cell('tableCell', ['Core', 'Docs', 'Docs'][index] ?? ''));
    }
    const first = header.content?.[0]?.content?.[0];
    if (first !== undefined) first.content = [{ type: 'text', text: 'Person' }];

    const written = fromEditorDocument(Node.fromJSON(schema, edited).toJSON());
    expect(markdownOf(written)).toBe(
      formatted([
        '| Person | Team | Role |',
        '| :--- | --- | ---: |',
        '| Ada | Core | **Admin** |',
        '| Lin | Docs | Writer |',
        '| Max | Docs | Reader |',
      ]),
    );

    // A row deleted and the last column deleted: the other rows keep their records.
    const shorter = structuredClone(editor);
    const shorterRows = shorter.content?.[0]?.content ?? [];
    shorterRows.splice(1, 1);
    for (const row of shorterRows) row.content?.pop();
    const shortened = fromEditorDocument(Node.fromJSON(schema, shorter).toJSON());
    expect(markdownOf(shortened)).toBe(formatted(['| Name |', '| :--- |', '| Lin |']));
    const records = (table: GitBookNode | undefined) =>
      Object.keys((table?.data?.records ?? {}) as object);
    expect(records(shortened.nodes[0])).toEqual(records(gitbook.nodes[0]).slice(1));
  });

  it("edits a table as GitBook's API answers it: its ids, titles and record order kept", () => {
    const paragraph = (text: string): GitBookNode => ({
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    });
    const fragment = (id: string, text: string): GitBookNode => ({
      object: 'fragment',
      fragment: id,
      type: 'table-cell',
      nodes: [paragraph(text)],
    });
    const gitbook: GitBookDocument = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'table',
          key: 'Tb1',
          isVoid: true,
          data: {
            view: { type: 'grid', columns: ['nm', 'ag'], hideHeader: false },
            records: {
              second: { orderIndex: 'a1', values: { nm: 'f3', ag: 'f4' } },
              first: { orderIndex: 'a0', values: { nm: 'f1', ag: 'f2' } },
            },
            definition: {
              nm: { id: 'nm', title: 'Name', type: 'text', width: 200 },
              ag: { id: 'ag', title: 'Age', type: 'text', textAlignment: 'right' },
            },
          },
          fragments: [
            fragment('f1', 'Ada'),
            fragment('f2', '36'),
            fragment('f3', 'Lin'),
            fragment('f4', '41'),
          ],
        },
      ],
    };
    const editor = toEditorDocument(gitbook);
    expect(editor.content?.[0]?.type).toBe('table');
    expect(fromEditorDocument(Node.fromJSON(schema, editor).toJSON())).toEqual(gitbook);

    // One cell changed: only its fragment says something else.
    const edited = structuredClone(editor);
    const cell = edited.content?.[0]?.content?.[2]?.content?.[1]?.content?.[0];
    if (cell !== undefined) cell.content = [{ type: 'text', text: '42' }];
    const [table] = fromEditorDocument(Node.fromJSON(schema, edited).toJSON()).nodes;
    expect(table?.data).toEqual(gitbook.nodes[0]?.data);
    expect(table?.fragments?.map((each) => each.nodes?.[0]?.nodes?.[0]?.leaves?.[0]?.text)).toEqual(
      ['Ada', '36', 'Lin', '42'],
    );
  });

  it('keeps a table shown as cards whole', () => {
    const gitbook = toGitBookDocument(
      markdownToDocument(
        '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td>One</td></tr></tbody></table>\n',
      ),
    );
    const editor = toEditorDocument(gitbook);
    expect(editor.content?.[0]?.type).toBe('keptBlock');
    expect(fromEditorDocument(Node.fromJSON(schema, editor).toJSON())).toEqual(gitbook);
  });

  it('edits embeds, dividers, files, conditions, and formulas and expressions in running text natively', () => {
    const source = [
      '{% embed url="https://example.com/talk" %}\nA talk\n{% endembed %}',
      '---',
      '{% file src=".gitbook/assets/guide.pdf" %}',
      '{% if visitor.claims.plan == "pro" %}\nPro only.\n{% endif %}',
      'Energy is $$E = mc^2$$ here, in <code class="expression">space.vars.version</code>.',
    ].join('\n\n');
    const { editor, back, gitbook } = roundTrip(source);
    expect(back).toEqual(gitbook);
    expect(editor.content).toMatchObject([
      { type: 'embed', attrs: { url: 'https://example.com/talk', caption: 'A talk' } },
      { type: 'horizontalRule' },
      { type: 'file', attrs: { file: '.gitbook/assets/guide.pdf', caption: null } },
      {
        type: 'conditional',
        attrs: { expression: 'visitor.claims.plan == "pro"' },
        content: [{ type: 'paragraph' }],
      },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Energy is ' },
          { type: 'inlineMath', attrs: { formula: 'E = mc^2' } },
          { type: 'text', text: ' here, in ' },
          { type: 'expression', attrs: { expression: 'space.vars.version' } },
          { type: 'text', text: '.' },
        ],
      },
    ]);

    // Each changed in the editor, and new ones made: written as GitBook's Markdown has them.
    const edited = structuredClone(editor);
    const [embed, , file, condition, paragraph] = edited.content ?? [];
    Object.assign(embed?.attrs ?? {}, { url: 'https://example.com/demo', caption: null });
    Object.assign(file?.attrs ?? {}, { caption: 'The guide' });
    Object.assign(condition?.attrs ?? {}, { expression: 'visitor.claims.beta' });
    Object.assign(paragraph?.content?.[1]?.attrs ?? {}, { formula: 'a^2' });
    Object.assign(paragraph?.content?.[3]?.attrs ?? {}, { expression: 'space.vars.release' });
    edited.content?.push(
      { type: 'embed', attrs: { url: 'https://example.com/new' } },
      { type: 'file', attrs: { file: '.gitbook/assets/new.zip' } },
      { type: 'horizontalRule' },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'So ' },
          { type: 'inlineMath', attrs: { formula: 'x' } },
          { type: 'expression', attrs: { expression: 'page.vars.a' } },
        ],
      },
    );
    const written = fromEditorDocument(Node.fromJSON(schema, edited).toJSON());
    expect(markdownOf(written)).toBe(
      formatted([
        '{% embed url="https://example.com/demo" %}',
        '',
        '---',
        '',
        '{% file src=".gitbook/assets/guide.pdf" %}\nThe guide\n{% endfile %}',
        '',
        '{% if visitor.claims.beta %}\nPro only.\n{% endif %}',
        '',
        'Energy is $$a^2$$ here, in <code class="expression">space.vars.release</code>.',
        '',
        '{% embed url="https://example.com/new" %}',
        '',
        '{% file src=".gitbook/assets/new.zip" %}',
        '',
        '---',
        '',
        'So $$x$$<code class="expression">page.vars.a</code>',
      ]),
    );
  });

  it('edits a page link card natively: the page it names', () => {
    const { editor, back, gitbook } = roundTrip(
      '{% content-ref url="setup.md" %}\n[setup.md](setup.md)\n{% endcontent-ref %}',
    );
    expect(back).toEqual(gitbook);
    expect(editor.content?.[0]).toMatchObject({
      type: 'contentRef',
      attrs: { ref: gitbook.nodes[0]?.data?.ref },
    });
    const edited = structuredClone(editor);
    Object.assign(edited.content?.[0]?.attrs ?? {}, { ref: { kind: 'page', page: 'p2' } });
    edited.content?.push({ type: 'contentRef', attrs: { ref: { kind: 'page', page: 'p3' } } });
    const written = fromEditorDocument(Node.fromJSON(schema, edited).toJSON());
    expect(written.nodes).toEqual([
      {
        object: 'block',
        type: 'content-ref',
        key: gitbook.nodes[0]?.key,
        data: { ref: { kind: 'page', page: 'p2' } },
        isVoid: true,
      },
      {
        object: 'block',
        type: 'content-ref',
        isVoid: true,
        data: { ref: { kind: 'page', page: 'p3' } },
      },
    ]);
  });

  it('edits task lists natively: each item a checkbox, done or not', () => {
    const { editor, back, gitbook } = roundTrip('- [x] ship it\n- [ ] write the notes\n');
    expect(back).toEqual(gitbook);
    expect(editor.content?.[0]).toMatchObject({
      type: 'taskList',
      content: [
        { type: 'taskItem', attrs: { checked: true } },
        { type: 'taskItem', attrs: { checked: false } },
      ],
    });
    // Checked in the editor, and a new item added: both written as GitBook's task items.
    const edited = structuredClone(editor);
    const list = edited.content?.[0];
    if (list?.content?.[1]?.attrs !== undefined) list.content[1].attrs.checked = true;
    list?.content?.push({
      type: 'taskItem',
      attrs: { checked: false },
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'celebrate' }] }],
    });
    const written = fromEditorDocument(Node.fromJSON(schema, edited).toJSON());
    expect(written.nodes[0]?.type).toBe('list-tasks');
    expect(written.nodes[0]?.nodes?.map((item) => [item.type, item.data])).toEqual([
      ['list-item', { checked: true }],
      ['list-item', { checked: true }],
      ['list-item', { checked: false }],
    ]);
  });

  it('writes back what the writer changed', () => {
    const { editor } = roundTrip('# Title\n\nText.\n');
    const edited = structuredClone(editor);
    edited.content?.push(
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'New' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'see ', marks: [{ type: 'italic' }, { type: 'bold' }] },
          {
            type: 'text',
            text: 'here',
            marks: [{ type: 'link', attrs: { href: 'https://q.test' } }],
          },
        ],
      },
    );
    const back = fromEditorDocument(Node.fromJSON(schema, edited).toJSON());
    expect(back.nodes.slice(2)).toEqual([
      {
        object: 'block',
        type: 'heading-2',
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'New', marks: [] }] }],
      },
      {
        object: 'block',
        type: 'paragraph',
        data: {},
        nodes: [
          {
            object: 'text',
            leaves: [
              {
                object: 'leaf',
                text: 'see ',
                marks: [
                  { object: 'mark', type: 'bold' },
                  { object: 'mark', type: 'italic' },
                ],
              },
            ],
          },
          {
            object: 'inline',
            type: 'link',
            data: { ref: { kind: 'url', url: 'https://q.test' } },
            isVoid: false,
            nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'here', marks: [] }] }],
          },
        ],
      },
    ]);
  });

  it('keeps an empty page empty', () => {
    const { back, gitbook } = roundTrip('');
    expect(back).toEqual(gitbook);
  });
});
