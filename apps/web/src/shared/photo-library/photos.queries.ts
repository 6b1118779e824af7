import { queryOptions } from '@tanstack/react-query';
import { photosApi } from '@photo/contracts/photos';
import { shareApi } from '@photo/contracts/shared-albums';
import type { Request } from '../api/request';

export const photoQueries = {
  all: () => ['photos'] as const,
  /** Counts and the library's activation status (docs/product/states.md). */
  userInfo: (request: Request) =>
    queryOptions({
      queryKey: [...photoQueries.all(), 'user-info'],
      queryFn: ({ signal }) => request(photosApi.userInfo, {}, { signal }),
      staleTime: 10_000,
    }),
  /** How many albums are shared with the customer, and how many of theirs they share (docs/product/entities.md). */
  sharedCounts: (request: Request) =>
    queryOptions({
      queryKey: [...photoQueries.all(), 'shared-counts'],
      queryFn: ({ signal }) => request(shareApi.counts, {}, { signal }),
      staleTime: 10_000,
    }),
};
