import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { api, errorMessage } from '../api.js';
import { preloadPageReader, ReadPage } from '../editor/ReadPage.js';
import { useReusableContents } from '../editor/reusable-contents.js';
import { useSpaceImages } from '../editor/space-images.js';
import { useVariables } from '../editor/space-variables.js';
import { firstDocumentPage, PageTree } from '../page-tree.js';

/** A space: its page tree and a page, its open change requests, and where editing starts. */
export function SpaceScreen({ spaceId, pageId }: { spaceId: string; pageId?: string }) {
  const path = { spaceId };
  const [, navigate] = useLocation();
  useEffect(preloadPageReader, []);
  const space = useQuery({
    queryKey: ['space', spaceId],
    queryFn: () => api.GET('/spaces/{spaceId}', { params: { path } }),
  });
  const pages = useQuery({
    queryKey: ['pages', spaceId],
    queryFn: () => api.GET('/spaces/{spaceId}/content/pages', { params: { path } }),
  });
  const changeRequests = useQuery({
    queryKey: ['change-requests', spaceId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests', {
        params: { path, query: { status: 'open' } },
      }),
  });
  const shown = pageId ?? firstDocumentPage(pages.data?.pages ?? []);
  const imageUrl = useSpaceImages(spaceId);
  const reusableContent = useReusableContents({ spaceId });
  const variables = useVariables(spaceId, space.data?.revision);
  const page = useQuery({
    queryKey: ['page', spaceId, shown],
    enabled: shown !== undefined,
    queryFn: () =>
      api.GET('/spaces/{spaceId}/content/page/{pageId}', {
        params: { path: { spaceId, pageId: shown ?? '' }, query: { format: 'document' } },
      }),
  });
  const startEditing = useMutation({
    mutationFn: () =>
      api.POST('/spaces/{spaceId}/change-requests', {
        params: { path },
        body: { subject: 'Untitled change request' },
      }),
    onSuccess: (changeRequest) =>
      navigate(
        `/spaces/${spaceId}/change-requests/${changeRequest.number}${shown === undefined ? '' : `/pages/${shown}`}`,
      ),
  });
  return (
    <div className="workspace">
      <nav className="sidebar" aria-label="Pages">
        <h2>{space.data?.title ?? 'Space'}</h2>
        <PageTree
          pages={pages.data?.pages ?? []}
          current={shown}
          hrefOf={(id) => `/spaces/${spaceId}/pages/${id}`}
        />
        <h3>Change requests</h3>
        <ul>
          {changeRequests.data?.items.map((changeRequest) => (
            <li key={changeRequest.id}>
              <Link href={`/spaces/${spaceId}/change-requests/${changeRequest.number}`}>
                #{changeRequest.number} {changeRequest.subject || 'Untitled'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="page">
        <div className="page-actions">
          <button
            type="button"
            onClick={() => startEditing.mutate()}
            disabled={startEditing.isPending}
          >
            Edit in a change request
          </button>
          <Link href={`/spaces/${spaceId}/git`}>Git sync</Link>
          {startEditing.error === null ? null : (
            <span role="alert">{errorMessage(startEditing.error)}</span>
          )}
        </div>
        {page.data === undefined ? (
          <p className="muted">
            {shown === undefined ? 'This space has no pages yet.' : 'Loading…'}
          </p>
        ) : (
          <ReadPage
            page={page.data}
            imageUrl={imageUrl}
            reusableContent={reusableContent}
            variables={variables}
          />
        )}
      </section>
    </div>
  );
}
