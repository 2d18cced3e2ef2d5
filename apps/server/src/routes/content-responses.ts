import type { components } from '@quire/contract';
import { type Document, reusableContentRefs } from '@quire/document';
import { canonicalJson, contentHash } from '../domain/content/canonical-json.js';
import type { ContentObjects } from '../domain/content/content-objects.js';
import type { ContentTree } from '../domain/content/content-tree.js';
import { dereferenceDocument } from '../domain/content/dereference.js';
import { evaluateDocument } from '../domain/content/evaluate-document.js';
import { includeNames, withIncludePaths } from '../domain/content/include-paths.js';
import {
  openRevisionContent,
  type PageNode,
  readBody,
  readFileById,
  readFiles,
  readPageBodyById,
  readPageById,
  readPageByPath,
  readPageTree,
  readReusableContentBody,
  readReusableContentById,
} from '../domain/content/read-content.js';
import type { FileRecord } from '../domain/content/records.js';
import { pageIdsByPath, withStableRefs } from '../domain/content/stable-refs.js';
import type { VisitorClaims } from '../domain/sites/conditions.js';
import { notFound } from '../errors.js';
import { presentChangeRequest } from '../presenters/change-request.js';
import { presentFile } from '../presenters/file.js';
import { presentList } from '../presenters/list.js';
import { type PageBody, presentPage, presentPages } from '../presenters/page.js';
import { presentPageMetaLinks } from '../presenters/page-meta-links.js';
import { presentReusableContent } from '../presenters/reusable-content.js';
import { presentRevision } from '../presenters/revision.js';
import type { AppServices } from '../services/app-services.js';
import { findChangeRequest } from '../store/change-requests.js';
import { arrayPage, type PageRequest } from '../store/pagination.js';
import type { RevisionRecord } from '../store/revisions.js';
import type { SpaceRecord } from '../store/spaces.js';

type Schemas = components['schemas'];

/** The revision a content read reads: the space's, a change request's, or one by id. */
export interface ContentSource {
  space: SpaceRecord;
  revision: RevisionRecord;
}

/** The claims a body is evaluated for: conditional blocks false for them are left out. */
export type EvaluatedFor = VisitorClaims | undefined;

// Signed download URLs last an hour from the read that hands them out.
const downloadUrlLifetimeMs = 60 * 60 * 1000;

/** Signs download URLs of files for an hour from now. */
export function downloadUrlOf(services: AppServices) {
  const expiresAt = new Date(services.clock.now().getTime() + downloadUrlLifetimeMs);
  return (file: FileRecord) =>
    services.fileUrls.downloadUrl(
      { sha256: file.sha256, name: file.name, contentType: file.contentType },
      expiresAt,
    );
}

/** Answers the whole revision: page tree without bodies, files, variables. */
export async function revisionResponse(
  services: AppServices,
  { space, revision }: ContentSource,
): Promise<Schemas['Revision']> {
  const tree = await openRevisionContent(services.db, revision);
  const downloadUrl = downloadUrlOf(services);
  // A merge revision names the change request it came from.
  const merged =
    revision.mergedFrom == null
      ? undefined
      : await findChangeRequest(services.db, space.id, revision.mergedFrom);
  return presentRevision(
    revision,
    {
      pages: presentPages(await readPageTree(tree), space.id, services.urls),
      files: (await readFiles(tree)).map((file) => presentFile(file, downloadUrl(file))),
      reusableContents: (await tree.reusableContents()).map(presentReusableContent),
      variables: await tree.variables(),
      ...(merged === undefined
        ? {}
        : {
            mergedFrom: presentChangeRequest(
              merged.changeRequest,
              merged.author,
              space,
              services.urls,
            ),
          }),
    },
    services.urls,
  );
}

/** Answers the page tree without bodies. */
export async function pagesResponse(
  services: AppServices,
  { space, revision }: ContentSource,
): Promise<Schemas['RevisionPages']> {
  // A page tree depends only on the content's root hash (and the space, in its URLs).
  return services.answerCache.get(
    `pages\u0000${space.id}\u0000${revision.root ?? ''}`,
    async () => {
      const tree = await openRevisionContent(services.db, revision);
      return { pages: presentPages(await readPageTree(tree), space.id, services.urls) };
    },
  );
}

/** Answers one page, by id or path, with its body in the asked format; kept by content hash. */
export async function pageResponse(
  services: AppServices,
  { space, revision }: ContentSource,
  find: { pageId: string } | { path: string },
  format: BodyFormat,
  evaluatedFor?: EvaluatedFor,
  dereferenced = false,
): Promise<Schemas['RevisionPage']> {
  // A page read depends only on the content's root hash, which page is asked for and how.
  const asked = 'pageId' in find ? `id:${find.pageId}` : `path:${find.path}`;
  const how = format.format === 'document' ? 'document' : `markdown:${format.refs}`;
  const evaluated = evaluatedFor === undefined ? '' : contentHash(canonicalJson(evaluatedFor));
  const expanded = dereferenced ? 'dereferenced' : '';
  const key = ['page', space.id, revision.root ?? '', asked, how, evaluated, expanded].join(
    '\u0000',
  );
  return services.answerCache.get(key, async () => {
    const tree = await openRevisionContent(services.db, revision);
    const node =
      'pageId' in find
        ? await readPageById(tree, find.pageId)
        : await readPageByPath(tree, find.path);
    const body = await bodyOf(services, tree, revision.root ?? null, node, format, {
      evaluatedFor,
      dereferenced,
    });
    return presentPage(node, space.id, services.urls, body);
  });
}

/** Answers the document of a page of the revision, evaluated for `evaluatedFor` if given. */
export async function pageDocumentResponse(
  services: AppServices,
  { revision }: ContentSource,
  pageId: string,
  evaluatedFor: EvaluatedFor,
  dereferenced = false,
): Promise<Document> {
  const tree = await openRevisionContent(services.db, revision);
  const { page } = await readPageById(tree, pageId);
  if (page.type !== 'document' || page.documentId === undefined) {
    throw notFound(`Page ${pageId} is a ${page.type} and has no document`);
  }
  return readDocument(tree, page.documentId, { evaluatedFor, dereferenced });
}

/** How a body is read: evaluated for a visitor, and with reusable content put in place. */
interface ReadAs {
  evaluatedFor: EvaluatedFor;
  dereferenced: boolean;
}

/** A stored body read as asked: its reusable contents in place, then evaluated. */
async function readDocument(
  tree: ContentTree,
  documentId: string,
  { evaluatedFor, dereferenced }: ReadAs,
): Promise<Document> {
  const read = await readBody(tree.objects, documentId);
  const body = dereferenced ? await dereferenceDocument(tree, read) : read;
  return evaluatedFor === undefined ? body : evaluateDocument(body, evaluatedFor);
}

/** Answers the meta links of a document page of the revision; a group or link page: 404. */
export async function pageMetaLinksResponse(
  services: AppServices,
  { revision }: ContentSource,
  pageId: string,
): Promise<Schemas['RevisionPageMetaLinks']> {
  const tree = await openRevisionContent(services.db, revision);
  const { page } = await readPageById(tree, pageId);
  if (page.type !== 'document')
    throw notFound(`Page ${pageId} is a ${page.type} and has no meta links`);
  return presentPageMetaLinks(page.metaLinks);
}

/** Answers one reusable content of the revision; unknown ids are a 404. */
export async function reusableContentResponse(
  services: AppServices,
  { revision }: ContentSource,
  reusableContentId: string,
): Promise<Schemas['RevisionReusableContent']> {
  const tree = await openRevisionContent(services.db, revision);
  return presentReusableContent(await readReusableContentById(tree, reusableContentId));
}

/** Answers the document of a reusable content of the revision, as asked. */
export async function reusableContentDocumentResponse(
  services: AppServices,
  { revision }: ContentSource,
  reusableContentId: string,
  readAs: ReadAs,
): Promise<Document> {
  const tree = await openRevisionContent(services.db, revision);
  const record = await readReusableContentById(tree, reusableContentId);
  return readDocument(tree, record.documentId, readAs);
}

/**
 * Answers the body of a page or a reusable content of the revision by its `documentId`,
 * evaluated for `evaluatedFor` if given; an id nothing of the revision has is a 404.
 */
export async function documentResponse(
  services: AppServices,
  { revision }: ContentSource,
  documentId: string,
  evaluatedFor: EvaluatedFor,
): Promise<Document> {
  const tree = await openRevisionContent(services.db, revision);
  const body =
    (await readPageBodyById(tree, documentId)) ?? (await readReusableContentBody(tree, documentId));
  if (body === undefined) throw notFound(`Document ${documentId} not found`);
  return evaluatedFor === undefined ? body : evaluateDocument(body, evaluatedFor);
}

/** How a page's body is answered: as a document, or as Markdown with its page references. */
export type BodyFormat =
  | { format: 'document' }
  | { format: 'markdown'; refs: 'relative' | 'stable' };

async function bodyOf(
  services: AppServices,
  tree: ContentTree,
  root: string | null,
  { page, path }: PageNode,
  asked: BodyFormat,
  readAs: ReadAs,
): Promise<PageBody | undefined> {
  const { evaluatedFor } = readAs;
  const documentId = page.documentId;
  if (page.type !== 'document' || documentId === undefined) return undefined;
  const stored = await readBody(tree.objects, documentId);
  // A body that includes reusable content reads differently with the content around it: its
  // includes in place (dereferenced) or written as paths from this page to their files.
  if (reusableContentRefs(stored).length > 0) {
    const body = await readDocument(tree, documentId, readAs);
    if (asked.format === 'document') return { document: body };
    const named = withIncludePaths(body, path, includeNames(await tree.reusableContents()));
    if (asked.refs === 'relative') return { markdown: await services.documents.toMarkdown(named) };
    const pageIds = pageIdsByPath(await readPageTree(tree));
    return { markdown: await services.documents.toMarkdown(withStableRefs(named, path, pageIds)) };
  }
  if (evaluatedFor !== undefined) {
    const read = await readBody(tree.objects, documentId);
    const body = evaluateDocument(read, evaluatedFor);
    // Only a body whose conditions leave something out reads differently from the one kept.
    if (body !== read) {
      if (asked.format === 'document') return { document: body };
      if (asked.refs === 'relative') return { markdown: await services.documents.toMarkdown(body) };
      const pageIds = pageIdsByPath(await readPageTree(tree));
      return { markdown: await services.documents.toMarkdown(withStableRefs(body, path, pageIds)) };
    }
  }
  if (asked.format === 'document') return { document: await readBody(tree.objects, documentId) };
  if (asked.refs === 'relative')
    return { markdown: await bodyMarkdown(services, tree.objects, documentId) };
  // Stable references also depend on where the page is and on the revision's pages.
  const key = `${documentId}:stable:${root ?? ''}:${path}`;
  const markdown = await services.renderedMarkdownCache.get(key, async () => {
    const body = await readBody(tree.objects, documentId);
    const pageIds = pageIdsByPath(await readPageTree(tree));
    return services.documents.toMarkdown(withStableRefs(body, path, pageIds));
  });
  return { markdown };
}

/**
 * A body's Markdown as page reads answer it (`format=markdown`, relative references). A body
 * never changes under its id, so its Markdown is rendered once and kept by that id.
 */
export function bodyMarkdown(
  services: AppServices,
  objects: ContentObjects,
  documentId: string,
): Promise<string> {
  return services.renderedMarkdownCache.get(documentId, async () =>
    services.documents.toMarkdown(await readBody(objects, documentId)),
  );
}

/** Answers a page of the revision's files. */
export async function filesResponse(
  services: AppServices,
  { revision }: ContentSource,
  request: PageRequest,
): Promise<Schemas['RevisionFileList']> {
  const tree = await openRevisionContent(services.db, revision);
  const downloadUrl = downloadUrlOf(services);
  return presentList(
    arrayPage(await readFiles(tree), (file) => file.id, request),
    (file) => presentFile(file, downloadUrl(file)),
  );
}

/** Answers one file. */
export async function fileResponse(
  services: AppServices,
  { revision }: ContentSource,
  fileId: string,
): Promise<Schemas['RevisionFile']> {
  const tree = await openRevisionContent(services.db, revision);
  const file = await readFileById(tree, fileId);
  return presentFile(file, downloadUrlOf(services)(file));
}
