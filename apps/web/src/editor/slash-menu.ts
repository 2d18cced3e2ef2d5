import { type ChainedCommands, type Editor, Extension, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion, { type SuggestionKeyDownProps, type SuggestionProps } from '@tiptap/suggestion';

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
  { title: 'Code block', keywords: 'pre snippet', insert: (c) => c.setCodeBlock() },
  { title: 'Hint', keywords: 'callout info note warning', insert: (c) => c.wrapIn('hint') },
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
        command: ({
          editor,
          range,
          props,
        }: {
          editor: Editor;
          range: Range;
          props: BlockChoice;
        }) => {
          props.insert(editor.chain().focus().deleteRange(range)).run();
        },
        render: menuView,
      }),
    ];
  },
});

function menuView() {
  let list: HTMLUListElement | undefined;
  let active = 0;
  let current: SuggestionProps<BlockChoice, BlockChoice> | undefined;
  const draw = () => {
    if (list === undefined || current === undefined) return;
    const { items, command } = current;
    list.replaceChildren(
      ...items.map((item, index) => {
        const option = document.createElement('li');
        option.id = `slash-choice-${index}`;
        option.role = 'option';
        option.textContent = item.title;
        option.ariaSelected = String(index === active);
        option.addEventListener('mousedown', (event) => {
          event.preventDefault();
          command(item);
        });
        return option;
      }),
    );
    list.setAttribute('aria-activedescendant', `slash-choice-${active}`);
    const box = current.clientRect?.();
    if (box) {
      list.style.left = `${box.left + window.scrollX}px`;
      list.style.top = `${box.bottom + window.scrollY + 4}px`;
    }
  };
  return {
    onStart(props: SuggestionProps<BlockChoice, BlockChoice>) {
      current = props;
      active = 0;
      list = document.createElement('ul');
      list.className = 'slash-menu';
      list.role = 'listbox';
      list.ariaLabel = 'Insert a block';
      document.body.append(list);
      draw();
    },
    onUpdate(props: SuggestionProps<BlockChoice, BlockChoice>) {
      current = props;
      active = Math.min(active, Math.max(0, props.items.length - 1));
      draw();
    },
    onKeyDown({ event }: SuggestionKeyDownProps) {
      const count = current?.items.length ?? 0;
      if (event.key === 'Escape') {
        list?.remove();
        list = undefined;
        return true;
      }
      if (count === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        active = (active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
        draw();
        return true;
      }
      if (event.key === 'Enter') {
        const item = current?.items[active];
        if (item !== undefined) current?.command(item);
        return true;
      }
      return false;
    },
    onExit() {
      list?.remove();
      list = undefined;
    },
  };
}
