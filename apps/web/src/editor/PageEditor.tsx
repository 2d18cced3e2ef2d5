import type { GitBookDocument } from '@quire/document';
import type { ExpressionVariables } from '@quire/document/expressions';
import { editorExtensions, fromEditorDocument, toEditorDocument } from '@quire/editor-schema';
import { EditorContent, useEditor } from '@tiptap/react';
import { memo, useEffect, useRef } from 'react';
import { BlockSettings } from './BlockSettings.js';
import { BlockViews, type UploadedImage } from './block-views.js';
import type { Collaboration } from './collaboration.js';
import type { ImageUrl } from './image-urls.js';
import { MarkdownPaste } from './markdown-paste.js';
import { type LinkablePage, PageLinks } from './page-links.js';
import type { ReusableContentOf } from './reusable-contents.js';
import { sharedDocument } from './shared-document.js';
import { SlashMenu } from './slash-menu.js';
import { redrawExpressions, VariablesInText } from './variables.js';

/**
 * A page's writing surface: its one `contenteditable` region. Alone, it starts from `document`
 * and every change calls `onChange` with a reader of the whole document in GitBook's shape
 * (saving is the caller's; converting a long page on every keystroke would cost the typist
 * frames, so the document is read only when asked for). Together (`shared`), the page is the
 * shared Yjs document, the others' cursors show with their names, and the server saves. The
 * screen around it is drawn again as saving goes; the editor is not, unless its own props change.
 */
export const PageEditor = memo(function PageEditor({
  document,
  onChange,
  label,
  shared,
  editable = true,
  pages,
  imageUrl,
  uploadImage,
  onUploadError,
  reusableContent,
  variables,
}: {
  document?: unknown;
  onChange?: (read: () => GitBookDocument) => void;
  label: string;
  shared?: Collaboration;
  editable?: boolean;
  /** The pages `@` links to. */
  pages?: readonly LinkablePage[];
  /** Where image blocks show their images from. */
  imageUrl?: ImageUrl;
  /** Uploads a file to the space (the `/` menu's "Image" and "File"). */
  uploadImage?: (file: File) => Promise<UploadedImage>;
  onUploadError?: (message: string) => void;
  /** Reads the reusable contents the page includes, to show them in place. */
  reusableContent?: ReusableContentOf;
  /** The space's variables and the page's own: what expressions show, and what `{{` offers. */
  variables?: ExpressionVariables;
}) {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const linkable = useRef(pages);
  linkable.current = pages;
  const known = useRef(variables);
  known.current = variables;
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions({ collaborative: shared !== undefined }),
        SlashMenu,
        MarkdownPaste,
        PageLinks.configure({ pages: () => linkable.current ?? [] }),
        VariablesInText.configure({ variables: () => known.current ?? { space: {} } }),
        BlockViews.configure({
          imageUrl: imageUrl ?? (() => undefined),
          ...(uploadImage === undefined ? {} : { upload: uploadImage }),
          ...(onUploadError === undefined ? {} : { onUploadError }),
          ...(reusableContent === undefined ? {} : { reusableContent }),
        }),
        ...(shared === undefined ? [] : [sharedDocument(shared)]),
      ],
      ...(shared === undefined ? { content: toEditorDocument(document as GitBookDocument) } : {}),
      editable,
      editorProps: {
        attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' },
      },
      onUpdate: ({ editor: current }) => {
        // ProseMirror documents are immutable: this one is the page as of this change, whenever
        // it is read, even after the editor is gone.
        const edited = current.state.doc;
        changed.current?.(() => fromEditorDocument(edited.toJSON()));
      },
    },
    // A new page (not a new save of this one) makes a new editor.
    [shared],
  );
  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);
  useEffect(() => {
    if (editor !== null && variables !== undefined) redrawExpressions(editor);
  }, [editor, variables]);
  return (
    <>
      <EditorContent editor={editor} className="document editing" />
      {editable && editor !== null && <BlockSettings editor={editor} />}
    </>
  );
});
