import { slugify, updateTags } from '@quire/document';
import type { ContentTree } from './content-tree.js';
import { type PageNode, readBody, readPageTree } from './read-content.js';

/** A tag a revision's changelog entries name, as GitBook's `RevisionTag`. */
export interface RevisionTag {
  slug: string;
  label: string;
  color: 'default';
}

/**
 * The tags a revision's changelog entries name (`{% update tags="…" %}`), each once by its slug,
 * labelled as the first entry naming it writes it: the pages' bodies in tree order, then the
 * reusable contents'. GitBook keeps tags beside the content; Quire's Markdown names them only
 * in the entries, so they are read from there.
 */
export async function revisionTags(tree: ContentTree): Promise<RevisionTag[]> {
  const documentIds: string[] = [];
  const collect = (nodes: readonly PageNode[]) => {
    for (const { page, children } of nodes) {
      if (page.documentId !== undefined) documentIds.push(page.documentId);
      collect(children);
    }
  };
  collect(await readPageTree(tree));
  for (const content of await tree.reusableContents()) documentIds.push(content.documentId);
  const tags = new Map<string, RevisionTag>();
  for (const documentId of documentIds) {
    for (const label of updateTags(await readBody(tree.objects, documentId))) {
      const slug = slugify(label);
      if (slug !== '' && !tags.has(slug)) tags.set(slug, { slug, label, color: 'default' });
    }
  }
  return [...tags.values()];
}
