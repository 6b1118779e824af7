import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ORDERS_PAGE_SIZE, ordersApi, type VoucherDetails } from '@photo/contracts/orders';
import { isApiError } from '../../shared/api/api-error';
import type { Request } from '../../shared/api/request';

export const orderQueries = {
  all: () => ['orders'] as const,
  /** docs/product/calls.md, limits.md: the customer's orders, newest first, in pages of 100. */
  list: (request: Request) =>
    infiniteQueryOptions({
      queryKey: [...orderQueries.all(), 'list'],
      queryFn: ({ pageParam, signal }) =>
        request(
          ordersApi.myOrders,
          { query: { Offset: pageParam, Limit: ORDERS_PAGE_SIZE, OrderState: 'notExpired' } },
          { signal },
        ),
      initialPageParam: 0,
      getNextPageParam: (page, pages) => {
        const loaded = pages.reduce((sum, each) => sum + each.items.length, 0);
        return page.items.length > 0 && loaded < page.orderCount ? loaded : undefined;
      },
    }),
  details: (request: Request, orderCode: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'details', orderCode],
      queryFn: ({ signal }) => request(ordersApi.superOrder, { params: { orderCode } }, { signal }),
      retry: false,
    }),
  /** docs/product/states.md: a voucher's details load per product; 404 means the shop has no offer for it. */
  voucher: (request: Request, voucherOptionCode: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'voucher', voucherOptionCode],
      queryFn: async ({ signal }): Promise<VoucherDetails> => {
        try {
          return await request(
            ordersApi.voucherOffer,
            { params: { voucherOptionCode } },
            { signal, expectedStatuses: [404] },
          );
        } catch (error) {
          if (isApiError(error, 404)) return { isVoucherFound: false, offer: null };
          throw error;
        }
      },
      retry: false,
      staleTime: 60_000,
    }),
  reorderStatus: (request: Request, orderCode: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'reorder-status', orderCode],
      queryFn: ({ signal }) => request(ordersApi.reorderStatus, { params: { orderCode } }, { signal }),
    }),
  /** What a reorder would order and cost today: always asked afresh when the review opens. */
  reorderQuote: (request: Request, orderCode: string) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'reorder-quote', orderCode],
      queryFn: ({ signal }) => request(ordersApi.reorderQuote, { params: { orderCode } }, { signal }),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
  /** Production days per product group, for what the thank-you page says comes next. */
  articleGroups: (request: Request) =>
    queryOptions({
      queryKey: [...orderQueries.all(), 'article-groups'],
      queryFn: ({ signal }) => request(ordersApi.articleGroups, {}, { signal }),
      staleTime: 60 * 60_000,
    }),
};
