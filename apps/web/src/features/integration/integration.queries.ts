import { queryOptions } from '@tanstack/react-query';
import { integrationApi } from '@photo/contracts/integration';
import type { Request } from '../../shared/api/request';

export const integrationQueries = {
  all: () => ['integration'] as const,
  /** FTP instructions, callback settings and the latest deliveries. */
  get: (request: Request) =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'me'],
      queryFn: ({ signal }) => request(integrationApi.get, {}, { signal }),
    }),
};
