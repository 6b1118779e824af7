import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ALBUMS_PAGE_SIZE, albumsApi } from '@photo/contracts/albums';
import type { Request } from '../api/request';
import { photoQueries } from './photos.queries';

/** docs/product/limits.md: the first page of the album list leaves a place for the 'New album' tile. */
export const ALBUMS_FIRST_PAGE_SIZE = ALBUMS_PAGE_SIZE - 1;

/** Answers that mean 'no album of yours under this id': shown, not reported. */
export const ALBUM_NOT_FOUND_STATUSES = [400, 404] as const;

export const albumQueries = {
  /** Under the photo library's key: whatever refreshes the library's counts refreshes the albums. */
  all: () => [...photoQueries.all(), 'albums'] as const,
  list: (request: Request, displaySharedData: boolean) =>
    infiniteQueryOptions({
      queryKey: [...albumQueries.all(), 'list', { displaySharedData }],
      queryFn: ({ pageParam, signal }) =>
        request(
          albumsApi.list,
          {
            query: {
              limit: pageParam ? ALBUMS_PAGE_SIZE : ALBUMS_FIRST_PAGE_SIZE,
              displaySharedData,
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { signal },
        ),
      initialPageParam: '',
      getNextPageParam: (last) => last.cursor ?? undefined,
    }),
  album: (request: Request, albumId: string) =>
    queryOptions({
      queryKey: [...albumQueries.all(), 'album', albumId],
      queryFn: ({ signal }) =>
        request(
          albumsApi.get,
          { params: { albumId } },
          { signal, expectedStatuses: ALBUM_NOT_FOUND_STATUSES },
        ),
    }),
};
