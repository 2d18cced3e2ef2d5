import { type Document, mapReusableContentBlocks, slugify } from '@quire/document';
import type { ReusableContentRecord } from './records.js';

/** Where GitBook keeps reusable content in a folder of Markdown: one file per reusable content. */
const includesFolder = '.gitbook/includes';
const includePath = /(?:^|\/)\.gitbook\/includes\/([^/]+)\.md$/;

/**
 * The file name of each reusable content in `.gitbook/includes/`, as GitBook names them: its
 * title as a slug, and ` (1)`, ` (2)`… after the first when several titles make the same slug
 * (in id order, so names stay put while titles do).
 * @example includeNames([{ id: 'a', title: 'Contact us', documentId: 'h' }]); // Map { 'a' => 'contact-us' }
 */
export function includeNames(records: readonly ReusableContentRecord[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Map<string, number>();
  for (const record of [...records].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const base = slugify(record.title) || 'reusable-content';
    const seen = taken.get(base) ?? 0;
    taken.set(base, seen + 1);
    names.set(record.id, seen === 0 ? base : `${base} (${seen})`);
  }
  return names;
}

/**
 * The name an include path reads (`../.gitbook/includes/contact-us.md` → `contact-us`), wherever
 * the page holding it is: the includes folder is at the root of the content.
 */
export function includeNameOf(path: string): string | undefined {
  const name = includePath.exec(path)?.[1];
  if (name === undefined) return undefined;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The document with each `reusable-content` block's id written as GitBook Markdown writes it:
 * the path of the reusable content's file relative to the page at `pagePath` (a page `guide/setup`
 * is the file `guide/setup.md`, so its includes are `../.gitbook/includes/<name>.md`). An id no
 * reusable content has is left as it is.
 */
export function withIncludePaths(
  document: Document,
  pagePath: string,
  names: ReadonlyMap<string, string>,
): Document {
  const depth = Math.max(pagePath.split('/').filter(Boolean).length - 1, 0);
  const prefix = '../'.repeat(depth);
  return mapReusableContentBlocks(document, (block) => {
    const name = names.get(block.data.ref.reusableContent);
    if (name === undefined) return [block];
    const path = `${prefix}${includesFolder}/${name}.md`;
    return [
      { ...block, data: { ...block.data, ref: { ...block.data.ref, reusableContent: path } } },
    ];
  });
}

/**
 * Points each `{% include %}` of a Markdown text whose file names a reusable content inserted in
 * the same batch at that insert's `ref`, so the include reads whatever title the insert gives it.
 */
export function withIncludeRefs(markdown: string, refs: ReadonlyMap<string, string>): string {
  if (refs.size === 0 || !markdown.includes('{% include')) return markdown;
  return markdown.replace(/\{% include "([^"%]*)" %\}/g, (whole, path: string) => {
    const name = includeNameOf(path);
    const ref = name === undefined ? undefined : refs.get(name);
    return ref === undefined ? whole : `{% include "${ref}" %}`;
  });
}
