import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api.js';
import { type ImageUrl, spaceImageUrl } from './image-urls.js';

type FileList = { items: { id: string; name: string; downloadURL: string }[] };

function urlsOf(list: FileList | undefined): ImageUrl | undefined {
  return list === undefined ? undefined : spaceImageUrl(list.items);
}

/** Where the images of a change request's pages are shown from; `undefined` while loading. */
export function useChangeRequestImages(
  spaceId: string,
  changeRequestId: string,
): ImageUrl | undefined {
  const files = useQuery({
    queryKey: ['change-request-files', spaceId, changeRequestId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', {
        params: { path: { spaceId, changeRequestId }, query: { limit: 1000 } },
      }),
  });
  return useMemo(() => urlsOf(files.data), [files.data]);
}

/** Where the images of a space's pages are shown from; `undefined` while loading. */
export function useSpaceImages(spaceId: string): ImageUrl | undefined {
  const files = useQuery({
    queryKey: ['space-files', spaceId],
    queryFn: () =>
      api.GET('/spaces/{spaceId}/content/files', {
        params: { path: { spaceId }, query: { limit: 1000 } },
      }),
  });
  return useMemo(() => urlsOf(files.data), [files.data]);
}
