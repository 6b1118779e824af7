import { queryOptions } from '@tanstack/react-query';
import { customersApi } from '@photo/contracts/customers';
import type { Request } from '../../shared/api/request';

export const settingsQueries = {
  addressesKey: () => ['customers', 'me', 'addresses'] as const,
  /** docs/product/states.md: an address created, changed or deleted resets this list, so it is fetched again. */
  addresses: (request: Request) =>
    queryOptions({
      queryKey: settingsQueries.addressesKey(),
      queryFn: ({ signal }) => request(customersApi.addresses, {}, { signal }),
    }),
};
