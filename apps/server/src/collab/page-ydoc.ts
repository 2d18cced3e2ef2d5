import type { GitBookDocument } from '@quire/document';
import { editorExtensions, fromEditorDocument, toEditorDocument } from '@quire/editor-schema';
import { getSchema, type JSONContent } from '@tiptap/core';
import { Node } from '@tiptap/pm/model';
import {
  prosemirrorJSONToYXmlFragment,
  updateYFragment,
  yXmlFragmentToProsemirrorJSON,
} from 'y-prosemirror';
import * as Y from 'yjs';

/** The editor's schema: the one the app's editor and its collaboration extension use. */
const schema = getSchema(editorExtensions());

/** Where the page is in the Yjs document: Tiptap's collaboration extension keeps it there. */
const fragmentName = 'default';
/**
 * A Y.XmlFragment has no attributes, so what the document node itself carries (GitBook's
 * document `data`) lives beside it.
 */
const documentAttributes = 'documentAttributes';

/** A Yjs document holding `document`, as the editor would make it. */
export function yDocOf(document: GitBookDocument): Y.Doc {
  const ydoc = new Y.Doc();
  const editor = toEditorDocument(document);
  ydoc.transact(() => {
    ydoc.getMap(documentAttributes).set('attrs', editor.attrs ?? null);
    prosemirrorJSONToYXmlFragment(schema, editor, ydoc.getXmlFragment(fragmentName));
  });
  return ydoc;
}

/** A Yjs document from a stored state and the updates after it. */
export function yDocFromUpdates(updates: readonly Uint8Array[]): Y.Doc {
  const ydoc = new Y.Doc();
  ydoc.transact(() => {
    for (const update of updates) Y.applyUpdate(ydoc, update);
  });
  return ydoc;
}

/** The page a Yjs document holds, as GitBook's document. */
export function documentOf(ydoc: Y.Doc): GitBookDocument {
  const json = yXmlFragmentToProsemirrorJSON(ydoc.getXmlFragment(fragmentName)) as JSONContent;
  const attrs = ydoc.getMap(documentAttributes).get('attrs');
  const content = json.content !== undefined && json.content.length > 0 ? json.content : undefined;
  return fromEditorDocument({
    type: 'doc',
    ...(attrs === null || attrs === undefined ? {} : { attrs: attrs as Record<string, unknown> }),
    // An emptied page is one empty paragraph, as the editor shows it.
    content: content ?? [{ type: 'paragraph' }],
  });
}

/**
 * The Yjs update that turns the page `base` holds into `document`: made on a copy of `base`, so
 * applied to a document that moved on since `base`, it changes what `document` changed and
 * keeps what was typed meanwhile (Yjs merges the two).
 */
export function updateTowards(base: Uint8Array, document: GitBookDocument): Uint8Array {
  const copy = yDocFromUpdates([base]);
  const before = Y.encodeStateVector(copy);
  const editor = toEditorDocument(document);
  copy.transact(() => {
    const attributes = copy.getMap(documentAttributes);
    if (JSON.stringify(attributes.get('attrs')) !== JSON.stringify(editor.attrs ?? null)) {
      attributes.set('attrs', editor.attrs ?? null);
    }
    updateYFragment(copy, copy.getXmlFragment(fragmentName), Node.fromJSON(schema, editor), {
      mapping: new Map(),
      isOMark: new Map(),
    });
  });
  return Y.encodeStateAsUpdate(copy, before);
}
