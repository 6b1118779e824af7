import { queryOptions } from '@tanstack/react-query';
import { customersApi } from '@photo/contracts/customers';
import type { Request } from '../api/request';

export const customerQueries = {
  all: () => ['customers'] as const,
  me: (request: Request) =>
    queryOptions({
      queryKey: [...customerQueries.all(), 'me'],
      // 401 (not signed in) and 404 (account deleted) are answers the app routes on, not failures.
      queryFn: ({ signal }) => request(customersApi.me, {}, { signal, expectedStatuses: [401, 404] }),
      staleTime: 5 * 60_000,
    }),
};
