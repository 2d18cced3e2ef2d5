import type { components } from '@quire/contract';
import type { Document } from '@quire/document';
import { canonicalJson, contentHash } from '../domain/content/canonical-json.js';
import type { ContentTree } from '../domain/content/content-tree.js';
import { evaluateDocument } from '../domain/content/evaluate-document.js';
import {
  type BodyFormat,
  type EvaluatedFor,
  type ReadAs,
  readDocumentAs,
  readPageBody,
} from '../domain/content/page-bodies.js';
import { pagesChangedInPlace } from '../domain/content/pages-changed-in-place.js';
import {
  openRevisionContent,
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
import { revisionTags } from '../domain/content/revision-tags.js';
import { notFound } from '../errors.js';
import { presentChangeRequest } from '../presenters/change-request.js';
import { presentFile } from '../presenters/file.js';
import { presentList } from '../presenters/list.js';
import { presentChangedPages, presentPage, presentPages } from '../presenters/page.js';
import { presentPageMetaLinks } from '../presenters/page-meta-links.js';
import { presentReusableContent } from '../presenters/reusable-content.js';
import { presentRevision } from '../presenters/revision.js';
import type { AppServices } from '../services/app-services.js';
import { findChangeRequest } from '../store/change-requests.js';
import { arrayPage, type PageRequest } from '../store/pagination.js';
import { findRevision, type RevisionRecord } from '../store/revisions.js';
import type { SpaceRecord } from '../store/spaces.js';

type Schemas = components['schemas'];
type RevisionPage = Schemas['RevisionPage'];

/** The revision a content read reads: the space's, a change request's, or one by id. */
export interface ContentSource {
  space: SpaceRecord;
  revision: RevisionRecord;
}

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
/** A revision's variables, read without its page tree and files. */
export async function variablesResponse(
  services: AppServices,
  { revision }: ContentSource,
): Promise<Schemas['Variables']> {
  return (await openRevisionContent(services.db, revision)).variables();
}

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
      // Reading every body for its tags is done once per content: revisions never change.
      tags: (
        await services.caches.answers.get(['tags', revision.root ?? ''], async () => ({
          tags: await revisionTags(tree),
        }))
      ).tags,
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
  return services.caches.answers.get(['pages', space.id, revision.root ?? ''], async () => {
    const tree = await openRevisionContent(services.db, revision);
    const pages = await pagesFromParent(services, space, revision, tree);
    return { pages: pages ?? presentPages(await readPageTree(tree), space.id, services.urls) };
  });
}

/**
 * The page tree of a revision made from its parent's kept tree, when the revision only changed
 * pages where they stood (an edit of a page's text or title, merged or saved): a tree of ten
 * thousand pages is then not read and presented again for each edit.
 */
async function pagesFromParent(
  services: AppServices,
  space: SpaceRecord,
  revision: RevisionRecord,
  tree: ContentTree,
): Promise<RevisionPage[] | undefined> {
  for (const parentId of revision.parents) {
    const parent = await findRevision(services.db, space.id, parentId);
    if (parent === undefined) continue;
    const kept = services.caches.answers.peek<Schemas['RevisionPages']>([
      'pages',
      space.id,
      parent.root ?? '',
    ]);
    if (kept === undefined) continue;
    const changed = await pagesChangedInPlace(await openRevisionContent(services.db, parent), tree);
    return changed && presentChangedPages(kept.pages, changed, space.id, services.urls);
  }
  return undefined;
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
  const key = ['page', space.id, revision.root ?? '', asked, how, evaluated, expanded] as const;
  return services.caches.answers.get(key, async () => {
    const tree = await openRevisionContent(services.db, revision);
    const node =
      'pageId' in find
        ? await readPageById(tree, find.pageId)
        : await readPageByPath(tree, find.path);
    const body = await readPageBody(services, tree, revision.root ?? null, node, format, {
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
  return readDocumentAs(tree, page.documentId, { evaluatedFor, dereferenced });
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
  return readDocumentAs(tree, record.documentId, readAs);
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
