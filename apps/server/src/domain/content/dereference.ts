import {
  type Block,
  type Document,
  mapReusableContentBlocks,
  reusableContentRefs,
} from '@quire/document';
import type { ContentTree } from './content-tree.js';
import { readBody } from './read-content.js';

/**
 * The document with each `reusable-content` block replaced by the blocks of the reusable content
 * it includes, as GitBook's `dereferenced` reads answer it. A block whose reusable content is not
 * in the content is left as it is (the reader sees the reference rather than nothing).
 * @example await dereferenceDocument(tree, body);
 */
export async function dereferenceDocument(
  tree: ContentTree,
  document: Document,
): Promise<Document> {
  const ids = reusableContentRefs(document);
  if (ids.length === 0) return document;
  const included = new Map<string, Block[]>();
  for (const id of ids) {
    const record = await tree.reusableContent(id);
    if (record !== undefined)
      included.set(id, (await readBody(tree.objects, record.documentId)).nodes);
  }
  return mapReusableContentBlocks(
    document,
    (block) => included.get(block.data.ref.reusableContent) ?? [block],
  );
}

/**
 * Whether a read asked for references to be expanded (`dereferenced=true|reusable-contents`).
 * The query's `oneOf` of a boolean and a string leaves `true` as the text it arrived as.
 */
export function asksDereferenced(value: boolean | string | undefined): boolean {
  return value === true || value === 'true' || value === 'reusable-contents';
}
