import type { GitBookDocument } from '@quire/document';
import { editorExtensions, toEditorDocument } from '@quire/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';
import { BlockViews } from './block-views.js';
import type { ImageUrl } from './image-urls.js';
import type { ReusableContentOf } from './reusable-contents.js';

/** A page's document, shown as the editor shows it, not editable. */
export default function PageReader({
  document,
  imageUrl,
  reusableContent,
}: {
  document: unknown;
  imageUrl?: ImageUrl | undefined;
  reusableContent?: ReusableContentOf | undefined;
}) {
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions(),
        BlockViews.configure({
          imageUrl: imageUrl ?? (() => undefined),
          ...(reusableContent === undefined ? {} : { reusableContent }),
        }),
      ],
      content: toEditorDocument(document as GitBookDocument),
      editable: false,
      editorProps: { attributes: { 'aria-label': 'Page content', 'aria-readonly': 'true' } },
    },
    [document, imageUrl, reusableContent],
  );
  return <EditorContent editor={editor} className="document" />;
}
