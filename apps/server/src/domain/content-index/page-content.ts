import { type Document, sections } from '@quire/document';
import type { IndexedSection } from '../../store/search/search-index.js';
import type { ContentTree } from '../content/content-tree.js';
import { readBody } from '../content/read-content.js';
import type { PageRecord } from '../content/records.js';

/** A page as the link indexes read it: its path and its body (document pages). */
export interface PageBody {
  page: PageRecord;
  path: string;
  body?: Document;
}

/** A page as the search index reads it besides: its sections. */
export interface PageContent extends PageBody {
  sections: IndexedSection[];
}

// Section text beyond this is not searched: a page is found by its first hundred thousand
// characters under each heading.
const sectionTextLimit = 100_000;

/** Reads the path and body of a page; pages without a body have only a path. */
export async function readPageBody(tree: ContentTree, page: PageRecord): Promise<PageBody> {
  const path = await tree.pathOf(page);
  if (page.documentId === undefined) return { page, path };
  return { page, path, body: await readBody(tree.objects, page.documentId) };
}

/**
 * Reads what the indexes need of a page, sections included (the walk of a large body that only
 * the search index needs). Pages without a body are found by their title.
 */
export async function readPageContent(tree: ContentTree, page: PageRecord): Promise<PageContent> {
  const read = await readPageBody(tree, page);
  if (read.body === undefined) {
    return { ...read, sections: [{ anchor: '', heading: '', body: '' }] };
  }
  const found = sections(read.body).map((section) => ({
    anchor: section.anchor,
    heading: section.title,
    body: section.text.slice(0, sectionTextLimit),
  }));
  return {
    ...read,
    sections: found.length > 0 ? found : [{ anchor: '', heading: '', body: '' }],
  };
}
