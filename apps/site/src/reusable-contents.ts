import { QuireApiError, type QuireClient } from '@quire/client';
import { type Document, fromGitBookDocument, reusableContentRefs } from '@quire/document';

/**
 * The documents of the reusable contents a page includes, read as the reader (so evaluated for
 * its visitor) from the revision the page is shown at, by id. One the revision does not have is
 * left out, and its block shows nothing.
 * @example const included = await readReusableContents(reader, place, document);
 */
export async function readReusableContents(
  reader: QuireClient,
  { spaceId, revisionId }: { spaceId: string; revisionId: string },
  document: Document,
): Promise<Map<string, Document>> {
  const documents = new Map<string, Document>();
  await Promise.all(
    reusableContentRefs(document).map(async (reusableContentId) => {
      try {
        const read = await reader.GET(
          '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
          { params: { path: { spaceId, revisionId, reusableContentId } } },
        );
        // The API answers GitBook's JSON document; the renderer reads the document model.
        documents.set(reusableContentId, fromGitBookDocument(read));
      } catch (error) {
        if (!(error instanceof QuireApiError && error.status === 404)) throw error;
      }
    }),
  );
  return documents;
}
