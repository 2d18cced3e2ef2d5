import type { GitBookDocument } from '@quire/document';
import { toEditorDocument } from '@quire/editor-schema';
import { DOMSerializer, Node, type Schema } from '@tiptap/pm/model';
import type { ReusableContentOf } from './reusable-contents.js';

/**
 * A reusable content block where it stands: the reusable content's title and its blocks, read
 * from the content the page is in. The blocks are edited where the reusable content is, not in
 * every page that includes it, so here they are shown, never editable.
 */
export function reusableContentView(
  block: { data?: { ref?: { reusableContent?: unknown } } },
  schema: Schema,
  load: ReusableContentOf | undefined,
): HTMLElement {
  const dom = document.createElement('div');
  dom.className = 'kept-block reusable-content';
  dom.dataset.type = 'reusable-content';
  dom.contentEditable = 'false';
  const title = document.createElement('div');
  title.className = 'reusable-content-title';
  title.textContent = 'Reusable content';
  const body = document.createElement('div');
  body.className = 'reusable-content-body';
  dom.append(title, body);
  const id = block.data?.ref?.reusableContent;
  if (load === undefined || typeof id !== 'string') return dom;
  load(id).then(
    (content) => {
      title.textContent = `Reusable content: ${content.title || 'Untitled'}`;
      if (content.document === undefined) return;
      const doc = Node.fromJSON(schema, toEditorDocument(content.document as GitBookDocument));
      body.replaceChildren(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
    },
    () => {
      title.textContent = 'Reusable content: not found';
    },
  );
  return dom;
}
