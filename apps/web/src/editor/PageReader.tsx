import type { GitBookDocument } from '@quire/document';
import type { ExpressionVariables } from '@quire/document/expressions';
import { editorExtensions, toEditorDocument } from '@quire/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';
import { BlockViews } from './block-views.js';
import type { ImageUrl } from './image-urls.js';
import type { ReusableContentOf } from './reusable-contents.js';
import { VariablesInText } from './variables.js';

/** A page's document, shown as the editor shows it, not editable. */
export default function PageReader({
  document,
  imageUrl,
  reusableContent,
  variables,
}: {
  document: unknown;
  imageUrl?: ImageUrl | undefined;
  reusableContent?: ReusableContentOf | undefined;
  variables?: ExpressionVariables | undefined;
}) {
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions(),
        BlockViews.configure({
          imageUrl: imageUrl ?? (() => undefined),
          ...(reusableContent === undefined ? {} : { reusableContent }),
        }),
        VariablesInText.configure({ variables: () => variables ?? { space: {} } }),
      ],
      content: toEditorDocument(document as GitBookDocument),
      editable: false,
      editorProps: { attributes: { 'aria-label': 'Page content', 'aria-readonly': 'true' } },
    },
    [document, imageUrl, reusableContent, variables],
  );
  return <EditorContent editor={editor} className="document" />;
}
