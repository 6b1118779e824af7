import { queryOptions } from '@tanstack/react-query';
import { photosApi } from '@photo/contracts/photos';
import type { Request } from '../../shared/api/request';

export const photoQueries = {
  all: () => ['photos'] as const,
  /** Counts and the library's activation status (spec 4). */
  userInfo: (request: Request) =>
    queryOptions({
      queryKey: [...photoQueries.all(), 'user-info'],
      queryFn: ({ signal }) => request(photosApi.userInfo, {}, { signal }),
      staleTime: 10_000,
    }),
};
