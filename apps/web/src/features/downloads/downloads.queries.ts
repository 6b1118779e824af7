import { queryOptions } from '@tanstack/react-query';
import { downloadsApi } from '@photo/contracts/downloads';
import type { Request } from '../../shared/api/request';

export const downloadQueries = {
  all: () => ['downloads'] as const,
  /** The customer's archives, newest first (docs/product/calls.md GET /downloads). */
  list: (request: Request) =>
    queryOptions({
      queryKey: [...downloadQueries.all(), 'list'],
      queryFn: async ({ signal }) => (await request(downloadsApi.list, {}, { signal })).items,
    }),
};
