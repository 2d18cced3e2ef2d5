import type { GitBookDocument } from '@quire/document';
import { editorExtensions, toEditorDocument } from '@quire/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';
import type { ImageUrl } from './image-urls.js';
import { KeptImages } from './kept-images.js';

/** A page's document, shown as the editor shows it, not editable. */
export default function PageReader({
  document,
  imageUrl,
}: {
  document: unknown;
  imageUrl?: ImageUrl | undefined;
}) {
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions(),
        KeptImages.configure({ imageUrl: imageUrl ?? (() => undefined) }),
      ],
      content: toEditorDocument(document as GitBookDocument),
      editable: false,
      editorProps: { attributes: { 'aria-label': 'Page content', 'aria-readonly': 'true' } },
    },
    [document, imageUrl],
  );
  return <EditorContent editor={editor} className="document" />;
}
