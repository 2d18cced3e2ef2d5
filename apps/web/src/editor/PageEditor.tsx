import type { GitBookDocument } from '@quire/document';
import { editorExtensions, fromEditorDocument, toEditorDocument } from '@quire/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { SlashMenu } from './slash-menu.js';

/**
 * A page's writing surface: its one `contenteditable` region. Every change calls `onChange` with a
 * reader of the whole document in GitBook's shape; saving is the caller's. The document is read
 * only when asked for: converting a long page on every keystroke would cost the typist frames.
 */
export function PageEditor({
  document,
  onChange,
  label,
}: {
  document: unknown;
  onChange: (read: () => GitBookDocument) => void;
  label: string;
}) {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const editor = useEditor(
    {
      extensions: [...editorExtensions(), SlashMenu],
      content: toEditorDocument(document as GitBookDocument),
      editorProps: {
        attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' },
      },
      onUpdate: ({ editor: current }) => {
        // ProseMirror documents are immutable: this one is the page as of this change, whenever
        // it is read, even after the editor is gone.
        const edited = current.state.doc;
        changed.current(() => fromEditorDocument(edited.toJSON()));
      },
    },
    // A new page (not a new save of this one) makes a new editor.
    [],
  );
  return <EditorContent editor={editor} className="document editing" />;
}
