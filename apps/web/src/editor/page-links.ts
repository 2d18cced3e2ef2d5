import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';
import { suggestionMenu } from './suggestion-menu.js';

/** A page the `@` menu can link to. */
export interface LinkablePage {
  id: string;
  title: string;
}

const shown = 8;

/** The pages `@` and page link cards offer, as the editor's page links know them. */
export function linkablePages(editor: {
  extensionManager: { extensions: readonly { name: string; options: unknown }[] };
}): readonly LinkablePage[] {
  const links = editor.extensionManager.extensions.find((each) => each.name === 'pageLinks');
  return (links?.options as { pages?: () => readonly LinkablePage[] } | undefined)?.pages?.() ?? [];
}

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
      // A page link card shows the title of the page it names, as readers see it.
      new Plugin({
        key: new PluginKey('pageCards'),
        props: {
          nodeViews: {
            contentRef: (node) => {
              const dom = document.createElement('div');
              dom.className = 'content-ref';
              dom.dataset.type = 'content-ref';
              dom.contentEditable = 'false';
              const ref = (node.attrs.ref ?? {}) as { kind?: string; page?: string; url?: string };
              const page = pages().find((each) => each.id === ref.page);
              dom.textContent = `📄 ${page?.title || ref.page || ref.url || 'Choose a page below'}`;
              return { dom };
            },
          },
        },
      }),
    ];
  },
});
