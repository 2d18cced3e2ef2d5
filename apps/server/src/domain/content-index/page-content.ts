import { type Document, sections } from '@quire/document';
import type { IndexedSection } from '../../store/search-index.js';
import type { ContentTree } from '../content/content-tree.js';
import { readBody } from '../content/read-content.js';
import type { PageRecord } from '../content/records.js';

/** A page as the indexes read it: its path, its body (document pages) and its sections. */
export interface PageContent {
  page: PageRecord;
  path: string;
  body?: Document;
  sections: IndexedSection[];
}

// Section text beyond this is not searched: a page is found by its first hundred thousand
// characters under each heading.
const sectionTextLimit = 100_000;

/** Reads what the indexes need of a page. Pages without a body are found by their title. */
export async function readPageContent(tree: ContentTree, page: PageRecord): Promise<PageContent> {
  const path = await tree.pathOf(page);
  if (page.documentId === undefined) {
    return { page, path, sections: [{ anchor: '', heading: '', body: '' }] };
  }
  const body = await readBody(tree.objects, page.documentId);
  const found = sections(body).map((section) => ({
    anchor: section.anchor,
    heading: section.title,
    body: section.text.slice(0, sectionTextLimit),
  }));
  return {
    page,
    path,
    body,
    sections: found.length > 0 ? found : [{ anchor: '', heading: '', body: '' }],
  };
}
