import { Extension } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { suggestionMenu } from './suggestion-menu.js';

/** A page the `@` menu can link to. */
export interface LinkablePage {
  id: string;
  title: string;
}

const shown = 8;

/**
 * `@` opens the pages of the content being written, filtered as the writer types; choosing one
 * writes its title linked to it, as GitBook links a page (`ref: { kind: 'page' }`), so the link
 * follows the page wherever it moves.
 */
export const PageLinks = Extension.create<{ pages: () => readonly LinkablePage[] }>({
  name: 'pageLinks',
  addOptions: () => ({ pages: () => [] }),
  addProseMirrorPlugins() {
    const { pages } = this.options;
    return [
      Suggestion<LinkablePage, LinkablePage>({
        editor: this.editor,
        pluginKey: new PluginKey('pageLinks'),
        char: '@',
        items: ({ query }) => {
          const wanted = query.toLowerCase();
          return pages()
            .filter((page) => page.title.toLowerCase().includes(wanted))
            .slice(0, shown);
        },
        command: ({ editor, range, props }) => {
          const ref = { kind: 'page', page: props.id };
          const link = { type: 'link', attrs: { href: null, gitbook: { data: { ref } } } };
          editor
            .chain()
            .focus()
            .deleteRange(range)
            .insertContent([
              { type: 'text', text: props.title || 'Untitled', marks: [link] },
              { type: 'text', text: ' ' },
            ])
            .run();
        },
        render: suggestionMenu<LinkablePage>('Link to a page', 'page-choice'),
      }),
    ];
  },
});
