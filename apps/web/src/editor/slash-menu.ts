import { type ChainedCommands, Extension } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { pickFile } from './block-views.js';
import { insertAtom } from './container-blocks.js';
import { suggestionMenu } from './suggestion-menu.js';

/** A block the `/` menu inserts. */
interface BlockChoice {
  title: string;
  keywords: string;
  insert: (chain: ChainedCommands) => ChainedCommands;
}

const choices: readonly BlockChoice[] = [
  { title: 'Heading 1', keywords: 'h1 title', insert: (c) => c.setNode('heading', { level: 1 }) },
  {
    title: 'Heading 2',
    keywords: 'h2 subtitle',
    insert: (c) => c.setNode('heading', { level: 2 }),
  },
  { title: 'Heading 3', keywords: 'h3', insert: (c) => c.setNode('heading', { level: 3 }) },
  { title: 'Bulleted list', keywords: 'ul unordered', insert: (c) => c.toggleBulletList() },
  { title: 'Numbered list', keywords: 'ol ordered', insert: (c) => c.toggleOrderedList() },
  { title: 'Task list', keywords: 'todo checkbox checklist', insert: (c) => c.toggleTaskList() },
  { title: 'Quote', keywords: 'blockquote', insert: (c) => c.setBlockquote() },
  { title: 'Divider', keywords: 'hr rule line separator', insert: (c) => c.setHorizontalRule() },
  { title: 'Code block', keywords: 'pre snippet', insert: (c) => c.setCodeBlock() },
  { title: 'Hint', keywords: 'callout info note warning', insert: (c) => c.wrapIn('hint') },
  {
    title: 'Tabs',
    keywords: 'tab switch platforms',
    insert: (c) => c.wrapIn('tabs').updateAttributes('tabsItem', { title: 'Tab 1' }),
  },
  { title: 'Stepper', keywords: 'steps numbered guide', insert: (c) => c.wrapIn('stepper') },
  {
    title: 'Expandable',
    keywords: 'details collapse accordion toggle',
    insert: (c) => c.wrapIn('expandable', { title: 'More' }),
  },
  {
    title: 'Table',
    keywords: 'grid rows columns spreadsheet',
    insert: (c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
  },
  {
    title: 'Math formula',
    keywords: 'tex latex equation',
    insert: (c) => insertAtom(c, 'mathBlock'),
  },
  {
    title: 'Image',
    keywords: 'picture photo upload',
    insert: (c) =>
      c.command(({ editor }) => {
        pickFile(editor, 'image');
        return true;
      }),
  },
  {
    title: 'File',
    keywords: 'attachment download upload pdf',
    insert: (c) =>
      c.command(({ editor }) => {
        pickFile(editor, 'file');
        return true;
      }),
  },
  { title: 'Embed', keywords: 'video url iframe youtube', insert: (c) => insertAtom(c, 'embed') },
  {
    title: 'Page link',
    keywords: 'card content-ref reference',
    insert: (c) => insertAtom(c, 'contentRef'),
  },
  {
    title: 'Condition',
    keywords: 'if adaptive visitor audience conditional',
    insert: (c) => c.wrapIn('conditional', { expression: 'visitor.claims.' }),
  },
];

function matching(query: string): BlockChoice[] {
  const wanted = query.toLowerCase();
  return choices.filter((choice) =>
    `${choice.title} ${choice.keywords}`.toLowerCase().includes(wanted),
  );
}

/**
 * The menu `/` opens at the start of a line: the blocks to insert, filtered as the writer types,
 * chosen with the arrow keys and Enter (or the mouse), closed with Escape.
 */
export const SlashMenu = Extension.create({
  name: 'slashMenu',
  addProseMirrorPlugins() {
    return [
      Suggestion<BlockChoice, BlockChoice>({
        editor: this.editor,
        pluginKey: new PluginKey('slashMenu'),
        char: '/',
        startOfLine: true,
        items: ({ query }) => matching(query),
        command: ({ editor, range, props }) => {
          props.insert(editor.chain().focus().deleteRange(range)).run();
        },
        render: suggestionMenu<BlockChoice>('Insert a block', 'slash-choice'),
      }),
    ];
  },
});
