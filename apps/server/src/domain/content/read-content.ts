import type { Document } from '@quire/document';
import { notFound } from '../../errors.js';
import type { RevisionRecord } from '../../store/revisions.js';
import type { Executor } from '../../store/schema.js';
import { ContentObjects } from './content-objects.js';
import { ContentTree } from './content-tree.js';
import {
  type FileRecord,
  isDocumentObject,
  isFileRecord,
  isPageRecord,
  type PageRecord,
  type ReusableContentRecord,
} from './records.js';
import { listItems } from './tree/persistent-list.js';
import { mapEntries } from './tree/persistent-map.js';

/** A page with its path and its child pages, as reads show the tree. */
export interface PageNode {
  page: PageRecord;
  path: string;
  children: PageNode[];
}

/** Opens a revision's content for reading. */
export function openRevisionContent(db: Executor, revision: RevisionRecord): Promise<ContentTree> {
  return ContentTree.open(new ContentObjects(db), revision.root ?? null);
}

/**
 * The whole page tree: every page record in one pass over the pages map, then every child list,
 * so reading a tree of thousands of pages reads its few hundred leaf objects, not one object per
 * page.
 */
export async function readPageTree(tree: ContentTree): Promise<PageNode[]> {
  const records = new Map<string, PageRecord>();
  for (const [id, value] of await mapEntries(tree.objects, tree.parts.pages)) {
    if (isPageRecord(value)) records.set(id, value);
  }
  const nodesOf = async (ids: string[], parentPath: string): Promise<PageNode[]> => {
    const nodes: PageNode[] = [];
    for (const id of ids) {
      const page = records.get(id);
      if (page === undefined) continue;
      const path = parentPath === '' ? page.slug : `${parentPath}/${page.slug}`;
      // Most pages have no children; skipping the await for them matters across thousands.
      const children =
        page.children === null
          ? []
          : await nodesOf(await listItems(tree.objects, page.children), path);
      nodes.push({ page, path, children });
    }
    return nodes;
  };
  return nodesOf(await listItems(tree.objects, tree.parts.top), '');
}

/** One page with its path and its subtree; unknown ids are a 404. */
export async function readPageById(tree: ContentTree, pageId: string): Promise<PageNode> {
  const page = await tree.page(pageId);
  if (page === undefined) throw notFound(`Page ${pageId} not found`);
  return subtree(tree, page, await tree.pathOf(page));
}

/** The page at a path of slugs (`guides/install`); unknown paths are a 404. */
export async function readPageByPath(tree: ContentTree, path: string): Promise<PageNode> {
  const slugs = path.split('/').filter((slug) => slug !== '');
  let page: PageRecord | undefined;
  for (const slug of slugs) {
    const id = await tree.pageWithSlug(page?.id ?? null, slug);
    page = id === undefined ? undefined : await tree.page(id);
    if (page === undefined) break;
  }
  if (page === undefined) throw notFound(`No page at path ${path.slice(0, 200)}`);
  return subtree(tree, page, slugs.join('/'));
}

async function subtree(tree: ContentTree, page: PageRecord, path: string): Promise<PageNode> {
  const children: PageNode[] = [];
  for (const id of await tree.childIds(page.id)) {
    const child = await tree.page(id);
    if (child !== undefined) children.push(await subtree(tree, child, `${path}/${child.slug}`));
  }
  return { page, path, children };
}

/**
 * The body of one of the tree's pages by the page's `documentId`; `undefined` when no page of
 * the tree has that body (a body id of another revision, or none at all).
 */
export async function readPageBodyById(
  tree: ContentTree,
  documentId: string,
): Promise<Document | undefined> {
  const bodies = new Set<string>();
  const collect = (nodes: readonly PageNode[]) => {
    for (const node of nodes) {
      if (node.page.documentId !== undefined) bodies.add(node.page.documentId);
      collect(node.children);
    }
  };
  collect(await readPageTree(tree));
  return bodies.has(documentId) ? readBody(tree.objects, documentId) : undefined;
}

/** A page body by its document id. */
export async function readBody(objects: ContentObjects, documentId: string): Promise<Document> {
  const object = await objects.get(documentId);
  if (!isDocumentObject(object) || !isDocument(object.document)) {
    throw new Error(`Content object ${documentId} is not a body`);
  }
  return object.document;
}

/** Every file, in id order. */
export async function readFiles(tree: ContentTree): Promise<FileRecord[]> {
  const files: FileRecord[] = [];
  for (const [, value] of await mapEntries(tree.objects, tree.parts.files)) {
    if (isFileRecord(value)) files.push(value);
  }
  return files;
}

/** One file; unknown ids are a 404. */
export async function readFileById(tree: ContentTree, fileId: string): Promise<FileRecord> {
  const file = await tree.file(fileId);
  if (file === undefined) throw notFound(`File ${fileId} not found`);
  return file;
}

/** One reusable content; unknown ids are a 404. */
export async function readReusableContentById(
  tree: ContentTree,
  reusableContentId: string,
): Promise<ReusableContentRecord> {
  const record = await tree.reusableContent(reusableContentId);
  if (record === undefined) throw notFound(`Reusable content ${reusableContentId} not found`);
  return record;
}

// Bodies were checked when they were written; this only tells a body from another object.
function isDocument(value: unknown): value is Document {
  return (
    typeof value === 'object' &&
    value !== null &&
    'object' in value &&
    value.object === 'document' &&
    'nodes' in value &&
    Array.isArray(value.nodes)
  );
}

/** The body of one of the revision's reusable contents, by its document id; `undefined` if none. */
export async function readReusableContentBody(
  tree: ContentTree,
  documentId: string,
): Promise<Document | undefined> {
  const records = await tree.reusableContents();
  return records.some((record) => record.documentId === documentId)
    ? readBody(tree.objects, documentId)
    : undefined;
}
