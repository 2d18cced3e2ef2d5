import { type Document, reusableContentRefs } from '@quire/document';
import type { AppCaches } from '../../caches/app-caches.js';
import { type Caller, isSiteReader } from '../actor.js';
import { noVisitorClaims, type VisitorClaims } from '../sites/conditions.js';
import type { ContentObjects } from './content-objects.js';
import type { ContentTree } from './content-tree.js';
import { dereferenceDocument } from './dereference.js';
import { evaluateDocument } from './evaluate-document.js';
import { includeNames, withIncludePaths } from './include-paths.js';
import { type PageNode, readBody, readPageTree } from './read-content.js';
import { pageLinkFrom, pageRefTargets, withRelativeRefs } from './relative-refs.js';
import { pageIdsByPath, withStableRefs } from './stable-refs.js';

/**
 * The pages of the revision a body links by their id (as the editor's links and cards do), with
 * their paths. Each is looked up by id: the rest of the page tree is not read.
 */
async function pagesLinkedById(tree: ContentTree, body: Document): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  for (const target of new Set(pageRefTargets(body))) {
    const page = await tree.page(target);
    if (page !== undefined) paths.set(target, await tree.pathOf(page));
  }
  return paths;
}

/** The claims a body is evaluated for: conditional blocks false for them are left out. */
export type EvaluatedFor = VisitorClaims | undefined;

/** How a body is read: evaluated for a visitor, and with reusable content put in place. */
export interface ReadAs {
  evaluatedFor: EvaluatedFor;
  dereferenced: boolean;
}

/** How a page's body is answered: as a document, or as Markdown with its page references. */
export type BodyFormat =
  | { format: 'document' }
  | { format: 'markdown'; refs: 'relative' | 'stable' };

/** A page's body as read. */
export type PageBody = { markdown: string } | { document: Document };

/** What reading bodies as Markdown needs: the converter, and the Markdown already rendered. */
export interface PageBodyServices {
  documents: { toMarkdown(document: Document): Promise<string> };
  caches: Pick<AppCaches, 'renderedMarkdown'>;
}

/**
 * Whom a body is evaluated for: a site reader always for their visitor's claims (so a reader
 * never reads what their conditions hide); a member, when they ask, as a visitor without claims.
 * `deterministic-only` evaluates nothing for a member: every condition depends on the visitor.
 */
export function evaluatedFor(
  caller: Caller,
  query: { evaluated?: boolean | string },
): EvaluatedFor {
  if (isSiteReader(caller)) return caller.visitor;
  // The query's `oneOf` of a boolean and a string leaves `true` as the text it arrived as.
  return query.evaluated === true || query.evaluated === 'true' ? noVisitorClaims : undefined;
}

/** A stored body read as asked: its reusable contents in place, then evaluated. */
export async function readDocumentAs(
  tree: ContentTree,
  documentId: string,
  { evaluatedFor, dereferenced }: ReadAs,
): Promise<Document> {
  const read = await readBody(tree.objects, documentId);
  const body = dereferenced ? await dereferenceDocument(tree, read) : read;
  return evaluatedFor === undefined ? body : evaluateDocument(body, evaluatedFor);
}

/**
 * The body of a document page as asked; a group or link page has none. A body that reads as it
 * is stored comes from the Markdown cache; one that includes reusable content, or whose
 * conditions leave something out for the visitor, is read afresh.
 */
export async function readPageBody(
  services: PageBodyServices,
  tree: ContentTree,
  root: string | null,
  { page, path }: PageNode,
  asked: BodyFormat,
  readAs: ReadAs,
): Promise<PageBody | undefined> {
  const documentId = page.documentId;
  if (page.type !== 'document' || documentId === undefined) return undefined;
  const stored = await readBody(tree.objects, documentId);
  // A body that includes reusable content reads differently with the content around it: its
  // includes in place (dereferenced) or written as paths from this page to their files.
  if (reusableContentRefs(stored).length > 0) {
    const body = await readDocumentAs(tree, documentId, readAs);
    if (asked.format === 'document') return { document: body };
    const named = withIncludePaths(body, path, includeNames(await tree.reusableContents()));
    return { markdown: await markdownOf(services, tree, named, path, asked.refs) };
  }
  if (readAs.evaluatedFor !== undefined) {
    const body = evaluateDocument(stored, readAs.evaluatedFor);
    // Only a body whose conditions leave something out reads differently from the one cached.
    if (body !== stored) {
      if (asked.format === 'document') return { document: body };
      return { markdown: await markdownOf(services, tree, body, path, asked.refs) };
    }
  }
  if (asked.format === 'document') return { document: stored };
  if (asked.refs === 'relative') {
    // Links and cards made by a page's id are written as paths from this page: they read
    // differently where the page is, so they are kept by its place too.
    const linked = await pagesLinkedById(tree, stored);
    if (linked.size === 0) {
      return { markdown: await bodyMarkdown(services, tree.objects, documentId) };
    }
    const key = ['relative', documentId, root ?? '', path] as const;
    const markdown = await services.caches.renderedMarkdown.get(key, () =>
      services.documents.toMarkdown(relativeRefs(stored, path, linked)),
    );
    return { markdown };
  }
  // Stable references also depend on where the page is and on the revision's pages.
  const key = ['stable', documentId, root ?? '', path] as const;
  const markdown = await services.caches.renderedMarkdown.get(key, () =>
    markdownOf(services, tree, stored, path, 'stable'),
  );
  return { markdown };
}

/**
 * A body's Markdown as page reads answer it (`format=markdown`, relative references). A body
 * never changes under its id, so its Markdown is rendered once and cached by that id.
 */
export function bodyMarkdown(
  services: PageBodyServices,
  objects: ContentObjects,
  documentId: string,
): Promise<string> {
  return services.caches.renderedMarkdown.get(['relative', documentId], async () =>
    services.documents.toMarkdown(await readBody(objects, documentId)),
  );
}

/**
 * A body as Markdown: its page links relative (those made by a page's id written as paths from
 * the page at `path`), or stable (by page id).
 */
async function markdownOf(
  services: PageBodyServices,
  tree: ContentTree,
  body: Document,
  path: string,
  refs: 'relative' | 'stable',
): Promise<string> {
  if (refs === 'relative') {
    return services.documents.toMarkdown(
      relativeRefs(body, path, await pagesLinkedById(tree, body)),
    );
  }
  const pageIds = pageIdsByPath(await readPageTree(tree));
  return services.documents.toMarkdown(withStableRefs(body, path, pageIds));
}

/** The body with its links to `linked` pages (id → path) written from the page at `path`. */
function relativeRefs(body: Document, path: string, linked: ReadonlyMap<string, string>) {
  return withRelativeRefs(body, (id) => {
    const to = linked.get(id);
    return to === undefined ? undefined : pageLinkFrom(path, to);
  });
}
