import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { markdownToDocument, toGitBookDocument } from '@quire/document';
import { getSchema, type JSONContent } from '@tiptap/core';
import { Node } from '@tiptap/pm/model';
import { fromEditorDocument, toEditorDocument } from '../../src/document-mapping.js';
import { editorExtensions } from '../../src/extensions.js';
import { type KeptNode, keptType } from '../../src/kept-nodes.js';

const schema = getSchema(editorExtensions());

/** How the editor holds one page: whether it comes back whole, and its blocks by how. */
export interface PageMapping {
  /** GitBook's document → the editor's (valid in its schema) → GitBook's is the identity. */
  identity: boolean;
  /** The schema's complaint, when the editor's document breaks it. */
  invalid?: string;
  /** Blocks the editor edits, by node type. */
  native: Map<string, number>;
  /** Blocks and inlines kept whole, by GitBook's node type. */
  kept: Map<string, number>;
}

/** Reads a page's Markdown as the API does and maps it through the editor and back. */
export function mapPage(markdown: string): PageMapping {
  const gitbook = toGitBookDocument(markdownToDocument(markdown));
  const editor = toEditorDocument(gitbook);
  const native = new Map<string, number>();
  const kept = new Map<string, number>();
  countNodes(editor, native, kept);
  try {
    const node = Node.fromJSON(schema, editor);
    node.check();
    return {
      identity: isDeepStrictEqual(fromEditorDocument(node.toJSON()), gitbook),
      native,
      kept,
    };
  } catch (error) {
    return { identity: false, invalid: String(error), native, kept };
  }
}

function countNodes(node: JSONContent, native: Map<string, number>, kept: Map<string, number>) {
  const add = (counts: Map<string, number>, kind: string) =>
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  for (const child of node.content ?? []) {
    if (child.type === 'text') continue;
    if (child.type === 'keptBlock' || child.type === 'keptInline') {
      add(kept, keptType((child.attrs?.node ?? null) as KeptNode | null));
      continue;
    }
    add(native, child.type ?? 'unknown');
    countNodes(child, native, kept);
  }
}

/** The Markdown pages under a folder, sorted, `.git` left out. */
export function markdownPages(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (name === '.git') return [];
      if (statSync(path).isDirectory()) return markdownPages(path);
      return name.endsWith('.md') ? [path] : [];
    });
}
