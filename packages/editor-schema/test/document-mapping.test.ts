import { markdownToDocument, toGitBookDocument } from '@quire/document';
import { documentArbitrary } from '@quire/document/arbitrary';
import { getSchema } from '@tiptap/core';
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
        '| a | b |\n| - | - |\n| 1 | 2 |',
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
