import { queryOptions } from '@tanstack/react-query';
import { customersApi } from '@photo/contracts/customers';
import { merchandiseApi, merchandiseQueries } from '@photo/contracts/merchandise';
import { tempSelectionsApi } from '@photo/contracts/temp-selections';
import type { Request } from '../../shared/api/request';

export const printsOrderQueries = {
  /** The photos the hand-off saved (docs/product/entities.md temp selection), read for the signed-in customer. */
  selection: (request: Request, tempSelectionId: string) =>
    queryOptions({
      queryKey: ['prints-order', 'selection', tempSelectionId],
      queryFn: ({ signal }) => request(tempSelectionsApi.get, { params: { tempSelectionId } }, { signal }),
      retry: false,
    }),
  /** The customer's saved addresses (the address book of the settings), for Home delivery. */
  addresses: (request: Request) =>
    queryOptions({
      queryKey: ['prints-order', 'addresses'],
      queryFn: ({ signal }) => request(customersApi.addresses, {}, { signal }),
    }),
  /** What can be printed on this storefront, with prices in its currency (decision 085). */
  catalogue: (request: Request, channelId: string, locale: string) =>
    queryOptions({
      queryKey: ['prints-order', 'catalogue', channelId, locale],
      queryFn: async ({ signal }) => {
        const { data } = await request(
          merchandiseApi.channelArticles,
          {
            body: {
              query: merchandiseQueries.channelArticles.document,
              variables: { channelId, locale, capability: 'ORDERABLE_AS_PRINTS' },
            },
          },
          { signal },
        );
        if (!data.channel) throw new Error(`No catalogue for channel ${channelId}`);
        return data.channel;
      },
      staleTime: 5 * 60_000,
    }),
};
