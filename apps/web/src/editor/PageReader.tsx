import type { GitBookDocument } from '@quire/document';
import { editorExtensions, toEditorDocument } from '@quire/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';

/** A page's document, shown as the editor shows it, not editable. */
export default function PageReader({ document }: { document: unknown }) {
  const editor = useEditor(
    {
      extensions: editorExtensions(),
      content: toEditorDocument(document as GitBookDocument),
      editable: false,
      editorProps: { attributes: { 'aria-label': 'Page content', 'aria-readonly': 'true' } },
    },
    [document],
  );
  return <EditorContent editor={editor} className="document" />;
}
