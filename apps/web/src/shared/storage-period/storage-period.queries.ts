import { queryOptions } from '@tanstack/react-query';
import { storageApi } from '@photo/contracts/storage-period';
import type { Request } from '../api/request';

export const storageQueries = {
  all: () => ['storage'] as const,
  /** docs/product/entities.md storage info: how long the photos are kept, with the status the server derived. */
  accountInformation: (request: Request) =>
    queryOptions({
      queryKey: [...storageQueries.all(), 'account-information'],
      queryFn: ({ signal }) => request(storageApi.accountInformation, {}, { signal }),
      staleTime: 60_000,
    }),
};
