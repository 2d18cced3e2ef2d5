import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api.js';

// Kept apart from the editor's extensions: screens pick the reusable contents their pages show
// without loading Tiptap.

/** A reusable content as a page that includes it shows it: its title over its blocks. */
export interface ShownReusableContent {
  title: string;
  /** Its document in GitBook's shape; none when it is empty. */
  document?: unknown;
}

/** The reusable content of an id, as the content the page is read in has it. */
export type ReusableContentOf = (id: string) => Promise<ShownReusableContent>;

type Where =
  | { spaceId: string; changeRequestId: string }
  | { spaceId: string; revisionId: string }
  | { spaceId: string };

/**
 * The revision the page is read in: the change request's, the one asked for, or the space's;
 * read from what the screen has read already (the same queries), not asked for again each time.
 */
async function revisionOf(queries: QueryClient, where: Where): Promise<string> {
  if ('revisionId' in where) return where.revisionId;
  if ('changeRequestId' in where) {
    const changeRequest = await queries.ensureQueryData({
      queryKey: ['change-request', where.spaceId, where.changeRequestId],
      queryFn: () =>
        api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}', { params: { path: where } }),
    });
    return changeRequest.revision;
  }
  const space = await queries.ensureQueryData({
    queryKey: ['space', where.spaceId],
    queryFn: () => api.GET('/spaces/{spaceId}', { params: { path: where } }),
  });
  return space.revision;
}

async function reusableContent(
  queries: QueryClient,
  where: Where,
  id: string,
): Promise<ShownReusableContent> {
  const revisionId = await revisionOf(queries, where);
  const path = { spaceId: where.spaceId, revisionId, reusableContentId: id };
  const found = await api.GET(
    '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}',
    { params: { path } },
  );
  if (found.document === undefined) return { title: found.title };
  const document = await api.GET(
    '/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document',
    { params: { path } },
  );
  return { title: found.title, document };
}

/**
 * The reusable contents of a change request, a revision or the space's current content, read
 * once each while the screen lasts.
 */
export function useReusableContents(where: Where): ReusableContentOf {
  const queries = useQueryClient();
  const key = JSON.stringify(where);
  return useCallback(
    (id: string) =>
      queries.fetchQuery({
        queryKey: ['reusable-content', key, id],
        queryFn: () => reusableContent(queries, JSON.parse(key) as Where, id),
      }),
    [queries, key],
  );
}
