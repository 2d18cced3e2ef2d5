import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { api } from '../api.js';
import { preloadPageReader, ReadPage } from '../editor/ReadPage.js';
import { useReusableContents } from '../editor/reusable-contents.js';
import { firstDocumentPage, PageTree } from '../page-tree.js';

/**
 * A space as it was at one revision: that revision's page tree and pages, read only, with what
 * made it (a merged change request) and a way back to the space as it is now.
 */
export function RevisionScreen({
  spaceId,
  revisionId,
  pageId,
}: {
  spaceId: string;
  revisionId: string;
  pageId?: string;
}) {
  const path = { spaceId, revisionId };
  const reusableContent = useReusableContents(path);
  useEffect(preloadPageReader, []);
  const revision = useQuery({
    queryKey: ['revision', spaceId, revisionId],
    queryFn: () => api.GET('/spaces/{spaceId}/revisions/{revisionId}', { params: { path } }),
  });
  const pages = useQuery({
    queryKey: ['revision-pages', spaceId, revisionId],
    queryFn: () => api.GET('/spaces/{spaceId}/revisions/{revisionId}/pages', { params: { path } }),
  });
  const shown = pageId ?? firstDocumentPage(pages.data?.pages ?? []);
  const page = useQuery({
    queryKey: ['revision-page', spaceId, revisionId, shown],
    enabled: shown !== undefined,
    queryFn: () =>
      api.GET('/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', {
        params: { path: { ...path, pageId: shown ?? '' }, query: { format: 'document' } },
      }),
  });
  const mergedFrom = revision.data?.mergedFrom;
  return (
    <div className="workspace">
      <nav className="sidebar" aria-label="Pages">
        <h2>Revision</h2>
        <PageTree
          pages={pages.data?.pages ?? []}
          current={shown}
          hrefOf={(id) => `/spaces/${spaceId}/revisions/${revisionId}/pages/${id}`}
        />
      </nav>
      <section className="page">
        <p className="page-status" role="status">
          {revision.data === undefined
            ? 'Loading the revision…'
            : `The space as it was on ${new Date(revision.data.createdAt).toLocaleString()}`}
          {mergedFrom === undefined ? null : (
            <>
              {', made by merging '}
              <Link href={`/spaces/${spaceId}/change-requests/${mergedFrom.number}`}>
                #{mergedFrom.number} {mergedFrom.subject || 'Untitled'}
              </Link>
            </>
          )}
          {'. '}
          <Link href={`/spaces/${spaceId}`}>See it now</Link>
        </p>
        {page.data === undefined ? null : (
          <ReadPage
            page={page.data}
            reusableContent={reusableContent}
            variables={revision.data?.variables}
          />
        )}
      </section>
    </div>
  );
}
