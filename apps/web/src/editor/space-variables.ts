import { useQuery } from '@tanstack/react-query';
import { api } from '../api.js';

// Kept apart from the editor's extensions: screens read variables without loading Tiptap.

/**
 * The space's variables as a revision has them (the space's current one, or a change request's),
 * name → value; `undefined` until read. Read again only when the revision moves.
 */
export function useVariables(
  spaceId: string,
  revisionId: string | undefined,
): Readonly<Record<string, string>> | undefined {
  const variables = useQuery({
    queryKey: ['variables', spaceId, revisionId],
    enabled: revisionId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      api.GET('/spaces/{spaceId}/revisions/{revisionId}/variables', {
        params: { path: { spaceId, revisionId: revisionId ?? '' } },
      }),
  });
  return variables.data;
}
