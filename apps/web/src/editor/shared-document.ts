import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import {
  type ProsemirrorBinding,
  redo,
  undo,
  yCursorPlugin,
  ySyncPlugin,
  ySyncPluginKey,
  yUndoPlugin,
} from 'y-prosemirror';
import type * as Y from 'yjs';
import type { Collaboration } from './collaboration.js';

/**
 * Binds the editor to a page edited together (y-prosemirror): the page is the shared Yjs
 * document's `default` fragment, the others' cursors show with the name and colour their
 * presence announces (`user`), and undo takes back only this person's own typing.
 */
export function sharedDocument(collaboration: Collaboration) {
  return Extension.create({
    name: 'sharedDocument',
    // Before the editor's own keymaps: Mod-z is the shared document's undo.
    priority: 1000,
    addProseMirrorPlugins() {
      const awareness = collaboration.provider.awareness;
      if (awareness === null) throw new Error('The provider keeps no presence');
      return [
        syncOnce(collaboration.doc.getXmlFragment('default')),
        yCursorPlugin(awareness, { cursorBuilder: caretOf }, 'cursor'),
        yUndoPlugin(),
      ];
    },
    addKeyboardShortcuts() {
      return {
        'Mod-z': () => undo(this.editor.state),
        'Mod-y': () => redo(this.editor.state),
        'Shift-Mod-z': () => redo(this.editor.state),
      };
    },
  });
}

/**
 * y-prosemirror's binding of the editor to `fragment`, drawing the shared document into an
 * editor view once, when that view starts. Left to itself, the binding draws it again whenever
 * the editor's plugins change (Tiptap adds one as the editor is mounted): every block then
 * becomes a new, equal node, and ProseMirror, which keeps the nodes it drew, compares every
 * block of the page deeply on each keystroke from then on.
 */
function syncOnce(fragment: Y.XmlFragment): Plugin {
  // Given a mapping, the binding leaves drawing to us.
  const sync = ySyncPlugin(fragment, { mapping: new Map() }) as Plugin;
  const startView = sync.spec.view;
  let drawnIn: EditorView | undefined;
  return new Plugin({
    ...sync.spec,
    view(view) {
      const pluginView = startView?.(view) ?? {};
      if (drawnIn !== view) {
        drawnIn = view;
        const binding: ProsemirrorBinding | undefined = ySyncPluginKey.getState(
          view.state,
        )?.binding;
        binding?._forceRerender();
      }
      return pluginView;
    },
  });
}

/** Another writer's cursor: a coloured bar with their name above it, never part of the text. */
function caretOf(user: { name?: string; color?: string }): HTMLElement {
  const writer = { name: user.name ?? '', color: user.color ?? '#888' };
  const caret = document.createElement('span');
  caret.className = 'collab-caret';
  caret.style.borderColor = writer.color;
  caret.setAttribute('contenteditable', 'false');
  const label = document.createElement('span');
  label.className = 'collab-caret-label';
  label.style.background = writer.color;
  label.textContent = writer.name;
  caret.append(label);
  return caret;
}
