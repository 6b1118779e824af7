import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { SHARED_ALBUMS_PAGE_SIZE, shareApi } from '@photo/contracts/shared-albums';
import type { Request } from '../../shared/api/request';
import { ALBUM_NOT_FOUND_STATUSES, albumQueries } from '../../shared/photo-library/albums.queries';

export const sharedAlbumQueries = {
  all: () => [...albumQueries.all(), 'shared'] as const,
  /** 'Shared with you' (docs/product/albums.md), 50 a page. */
  list: (request: Request) =>
    infiniteQueryOptions({
      queryKey: [...sharedAlbumQueries.all(), 'list'],
      queryFn: ({ pageParam, signal }) =>
        request(
          shareApi.list,
          { query: { limit: SHARED_ALBUMS_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
          { signal },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.cursor ?? undefined,
    }),
  album: (request: Request, albumId: string) =>
    queryOptions({
      queryKey: [...sharedAlbumQueries.all(), 'album', albumId],
      queryFn: ({ signal }) =>
        request(
          shareApi.get,
          { params: { albumId } },
          { signal, expectedStatuses: ALBUM_NOT_FOUND_STATUSES },
        ),
    }),
  participants: (request: Request, albumId: string) =>
    queryOptions({
      queryKey: [...sharedAlbumQueries.all(), 'participants', albumId],
      queryFn: ({ signal }) =>
        request(
          shareApi.participants,
          { params: { albumId } },
          { signal, expectedStatuses: ALBUM_NOT_FOUND_STATUSES },
        ),
    }),
};
