import type { GitBookDocument } from '@quire/document';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { fromEditorDocument, toEditorDocument } from './document-mapping.js';
import { editorExtensions } from './extensions.js';
import { SlashMenu } from './slash-menu.js';

/**
 * A page's writing surface: its one `contenteditable` region. Every change hands the whole
 * document, in GitBook's shape, to `onChange`; saving is the caller's.
 */
export function PageEditor({
  document,
  onChange,
  label,
}: {
  document: unknown;
  onChange: (document: GitBookDocument) => void;
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
      onUpdate: ({ editor: current }) => changed.current(fromEditorDocument(current.getJSON())),
    },
    // A new page (not a new save of this one) makes a new editor.
    [],
  );
  return <EditorContent editor={editor} className="document editing" />;
}
