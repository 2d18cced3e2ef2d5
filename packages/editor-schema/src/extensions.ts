import {
  type Editor,
  Extension,
  type Extensions,
  Mark,
  mergeAttributes,
  Node,
  nodeInputRule,
} from '@tiptap/core';
import Code from '@tiptap/extension-code';
import Link from '@tiptap/extension-link';
import { ListItem, TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { type KeptNode, keptInlineText, keptLabel, keptType } from './kept-nodes.js';

/**
 * What a node or mark of GitBook's document keeps beside what the editor edits: its `key`, the
 * `data` the editor does not show, its `markdown` details. Never rendered, always written back,
 * so a block the writer did not touch reads back exactly as it was.
 */
const gitbookAttribute = {
  gitbook: { default: null, rendered: false, keepOnSplit: false },
};

/** Every node and mark the editor maps from GitBook's document carries `gitbook`. */
const GitBookAttributes = Extension.create({
  name: 'gitbookAttributes',
  addGlobalAttributes() {
    return [
      {
        types: [
          'doc',
          'paragraph',
          'heading',
          'bulletList',
          'orderedList',
          'listItem',
          'taskList',
          'taskItem',
          'blockquote',
          'codeBlock',
          'hint',
          'tabs',
          'tabsItem',
          'stepper',
          'stepperStep',
          'mathBlock',
          'inlineMath',
          'expression',
          'embed',
          'contentRef',
          'file',
          'conditional',
          'horizontalRule',
          'expandable',
          'table',
          'tableRow',
          'tableHeader',
          'tableCell',
          'bold',
          'italic',
          'strike',
          'code',
          'link',
          'color',
          'keyboard',
          'superscript',
          'subscript',
        ],
        attributes: gitbookAttribute,
      },
    ];
  },
});

/** The hint styles GitBook knows. */
export const hintStyles = ['info', 'success', 'warning', 'danger'] as const;

/** A hint (`{% hint style="info" %}`): blocks in a coloured callout. */
const Hint = Node.create({
  name: 'hint',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      style: {
        default: 'info',
        parseHTML: (element) => element.getAttribute('data-style') ?? 'info',
        renderHTML: (attributes) => ({ 'data-style': attributes.style }),
      },
    };
  },
  parseHTML: () => [{ tag: 'aside[data-hint]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'aside',
    mergeAttributes(HTMLAttributes, { 'data-hint': '', class: 'hint', role: 'note' }),
    0,
  ],
});

/** Tabs (`{% tabs %}`): tabs of blocks, each with its title; readers see one at a time. */
const Tabs = Node.create({
  name: 'tabs',
  group: 'block',
  content: 'tabsItem+',
  defining: true,
  parseHTML: () => [{ tag: 'div[data-tabs]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-tabs': '', class: 'tabs' }),
    0,
  ],
});

/** One tab: its title (set below the text, as a code block's language is) over its blocks. */
const TabsItem = Node.create({
  name: 'tabsItem',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      title: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-title'),
        renderHTML: (attributes) => ({ 'data-title': attributes.title ?? '' }),
      },
    };
  },
  parseHTML: () => [{ tag: 'section[data-tab]', contentElement: 'div.tab-body' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'section',
    mergeAttributes(HTMLAttributes, { 'data-tab': '', class: 'tab' }),
    ['div', { class: 'tab-title', contenteditable: 'false' }, node.attrs.title || 'Untitled tab'],
    ['div', { class: 'tab-body' }, 0],
  ],
});

/** An expandable (`<details>`): a title readers open to see its blocks; the editor shows both. */
const Expandable = headedSection({
  name: 'expandable',
  attribute: 'title',
  heading: (title) => `▸ ${title || 'Untitled'}`,
});

/**
 * A block of blocks under a heading the writer sets below the text (an expandable's title, a
 * condition): `attribute` is the text, drawn not editable above the blocks by `heading`.
 */
function headedSection({
  name,
  attribute,
  heading,
}: {
  name: string;
  attribute: string;
  heading: (value: string) => string;
}) {
  const dataAttribute = `data-${attribute}`;
  return Node.create({
    name,
    group: 'block',
    content: 'block+',
    defining: true,
    addAttributes: () => ({
      [attribute]: {
        default: '',
        parseHTML: (element) => element.getAttribute(dataAttribute) ?? '',
        renderHTML: (attributes) => ({
          [dataAttribute]: String(attributes[attribute] ?? ''),
        }),
      },
    }),
    parseHTML: () => [{ tag: `section[data-${name}]`, contentElement: `div.${name}-body` }],
    renderHTML: ({ node, HTMLAttributes }) => [
      'section',
      mergeAttributes(HTMLAttributes, { [`data-${name}`]: '', class: name }),
      [
        'div',
        { class: `${name}-title`, contenteditable: 'false' },
        heading(String(node.attrs[attribute] ?? '')),
      ],
      ['div', { class: `${name}-body` }, 0],
    ],
  });
}

/** A stepper (`{% stepper %}`): numbered steps, each of blocks. */
const Stepper = Node.create({
  name: 'stepper',
  group: 'block',
  content: 'stepperStep+',
  defining: true,
  parseHTML: () => [{ tag: 'ol[data-stepper]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'ol',
    mergeAttributes(HTMLAttributes, { 'data-stepper': '', class: 'stepper' }),
    0,
  ],
});

const StepperStep = Node.create({
  name: 'stepperStep',
  content: 'block+',
  defining: true,
  parseHTML: () => [{ tag: 'li[data-step]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'li',
    mergeAttributes(HTMLAttributes, { 'data-step': '', class: 'step' }),
    0,
  ],
});

type Attributes = Record<string, unknown>;

/**
 * A block the writer does not type into (a formula, an embed, a file, a kept block): one atom,
 * selected, moved and deleted whole; its attributes, set below the text, are never rendered as
 * HTML attributes. Drawn as a `div` of `className` showing what `shows` says.
 */
function atomBlock({
  name,
  attributes,
  className,
  dataType,
  shows,
}: {
  name: string;
  /** Each attribute with its default. */
  attributes: Attributes;
  className: string;
  dataType: (attributes: Attributes) => string;
  shows: (attributes: Attributes) => string | readonly [string, ...unknown[]];
}) {
  return Node.create({
    name,
    group: 'block',
    atom: true,
    selectable: true,
    draggable: true,
    addAttributes: () =>
      Object.fromEntries(
        Object.entries(attributes).map(([key, value]) => [
          key,
          { default: value, rendered: false },
        ]),
      ),
    parseHTML: () => [],
    renderHTML: ({ node }) => [
      'div',
      { class: className, 'data-type': dataType(node.attrs), contenteditable: 'false' },
      shows(node.attrs),
    ],
  });
}

/** A block formula: its TeX, edited below the text when the formula is selected. */
const MathBlock = atomBlock({
  name: 'mathBlock',
  attributes: { formula: '' },
  className: 'math-block',
  dataType: () => 'math',
  shows: ({ formula }) => ['code', {}, String(formula || 'Empty formula')],
});

/** A formula in running text (`$$x$$`): its TeX, edited below the text when it is selected. */
const InlineMath = Node.create({
  name: 'inlineMath',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({ formula: { default: '', rendered: false } }),
  parseHTML: () => [],
  renderHTML: ({ node }) => [
    'span',
    { class: 'math-inline', 'data-type': 'math', contenteditable: 'false' },
    ['code', {}, node.attrs.formula || 'Empty formula'],
  ],
  addInputRules() {
    // `$$E = mc^2$$` typed in running text becomes the formula, as GitBook's Markdown writes it.
    return [
      nodeInputRule({
        // The whole match is the first group: Tiptap replaces that group with the formula.
        find: /(\$\$([^$\n]+)\$\$)$/,
        type: this.type,
        getAttributes: (match) => ({ formula: match[2] }),
      }),
    ];
  },
});

/**
 * An expression in running text (GitBook's variables: `space.vars.version`), shown as its value
 * where the page around it knows the space's variables, and edited below the text when selected.
 */
const Expression = Node.create({
  name: 'expression',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({ expression: { default: '', rendered: false } }),
  parseHTML: () => [],
  renderHTML: ({ node }) => [
    'code',
    { class: 'expression', contenteditable: 'false' },
    node.attrs.expression || 'Empty expression',
  ],
});

/** An embedded page (a video, a sandbox, a post): its URL and caption, set below the text. */
const Embed = atomBlock({
  name: 'embed',
  attributes: { url: '', caption: null },
  className: 'embed-block',
  dataType: () => 'embed',
  shows: ({ url, caption }) => `Embed: ${url || 'no URL yet'}${caption ? ` (${caption})` : ''}`,
});

/**
 * A card linking to a page (`{% content-ref %}`): the page it names (GitBook's `ref`), chosen
 * below the text; shown by the page's title where the page around it knows the pages.
 */
const ContentRef = atomBlock({
  name: 'contentRef',
  attributes: { ref: null },
  className: 'content-ref',
  dataType: () => 'content-ref',
  shows: ({ ref }) => {
    const target = (ref ?? {}) as { page?: string; url?: string };
    return `Page link: ${target.page ?? target.url ?? 'no page yet'}`;
  },
});

/** A file to download (`{% file src="…" %}`): the file of the space it names, and a caption. */
const FileBlock = atomBlock({
  name: 'file',
  attributes: { file: '', caption: null },
  className: 'file-block',
  dataType: () => 'file',
  shows: ({ file, caption }) =>
    `File: ${String(file).split('/').at(-1) || 'none'}${caption ? ` (${caption})` : ''}`,
});

/**
 * Blocks shown only to readers for whom a condition holds (GitBook's adaptive content): the
 * editor shows them all, under the condition, which is edited below the text.
 */
const Conditional = headedSection({
  name: 'conditional',
  attribute: 'expression',
  heading: (expression) => `Shown when ${expression || '…'}`,
});

/**
 * A table: a header row, then rows of cells of blocks. Tab goes to the next cell, and from the
 * last one out of the text (to the table's settings), rather than adding rows it cannot leave.
 */
const GitBookTable = Table.extend({
  addKeyboardShortcuts() {
    return {
      ...this.parent?.(),
      Tab: () => this.editor.commands.goToNextCell(),
      'Shift-Tab': () => this.editor.commands.goToPreviousCell(),
    };
  },
});

/**
 * A block the editor cannot edit yet (a table shown as cards, an image, an OpenAPI operation…): kept
 * whole, as GitBook's JSON, shown as what it is, moved and deleted as one.
 */
const KeptBlock = atomBlock({
  name: 'keptBlock',
  attributes: { node: null },
  className: 'kept-block',
  dataType: ({ node }) => keptType(node as KeptNode | null),
  shows: ({ node }) => keptLabel(node as KeptNode | null),
});

/** An inline the editor cannot edit yet (an emoji, inline math, a mention…): kept whole. */
const KeptInline = Node.create({
  name: 'keptInline',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({ node: { default: null, rendered: false } }),
  parseHTML: () => [],
  renderHTML: ({ node }) => [
    'span',
    { class: 'kept-inline', 'data-type': keptType(node.attrs.node), contenteditable: 'false' },
    keptInlineText(node.attrs.node),
  ],
});

/** Checks or unchecks the task item the selection is in; false when it is in none. */
function toggleTaskChecked(editor: Editor): boolean {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name !== 'taskItem') continue;
    const position = $from.before(depth);
    editor.view.dispatch(
      editor.state.tr.setNodeAttribute(position, 'checked', !node.attrs.checked),
    );
    return true;
  }
  return false;
}

function plainMark(name: string, tag: string) {
  return Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });
}

/** A text or background colour, as GitBook's `color` mark has it. */
const Color = Mark.create({
  name: 'color',
  parseHTML: () => [],
  renderHTML: ({ mark }) => [
    'mark',
    { 'data-color': String((mark.attrs.gitbook?.data as { text?: string })?.text ?? 'default') },
    0,
  ],
});

/**
 * The editor's schema: GitBook's document, node for node, marks for marks. `collaborative`: the
 * page is edited together, and undo is the collaboration's (each person undoes their own typing).
 */
export function editorExtensions({ collaborative = false } = {}): Extensions {
  return [
    StarterKit.configure({
      ...(collaborative ? { undoRedo: false } : {}),
      underline: false,
      hardBreak: false,
      link: false,
      trailingNode: false,
      listItem: false,
      code: false,
    }),
    // GitBook's inline code may carry other marks too (bold code, a link's code).
    Code.extend({ excludes: '' }),
    // A list item of GitBook's holds any blocks, a heading or a code block first too.
    ListItem.extend({ content: 'block+' }),
    TaskList,
    TaskItem.extend({
      content: 'block+',
      addKeyboardShortcuts() {
        return {
          ...this.parent?.(),
          // The checkbox from the keyboard: done, or to do again.
          'Mod-Enter': () => toggleTaskChecked(this.editor),
        };
      },
    }).configure({
      nested: true,
      a11y: {
        checkboxLabel: (node, checked) =>
          `${checked ? 'Done' : 'To do'}: ${node.textContent || 'empty task'}`,
      },
    }),
    Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] }),
    Color,
    plainMark('keyboard', 'kbd'),
    plainMark('superscript', 'sup'),
    plainMark('subscript', 'sub'),
    Hint,
    Tabs,
    TabsItem,
    Stepper,
    StepperStep,
    MathBlock,
    InlineMath,
    Expression,
    Embed,
    ContentRef,
    FileBlock,
    Conditional,
    Expandable,
    GitBookTable.configure({ resizable: false, allowTableNodeSelection: true }),
    TableRow,
    TableHeader,
    TableCell,
    KeptBlock,
    KeptInline,
    GitBookAttributes,
  ];
}
