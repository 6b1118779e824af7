import { queryOptions } from '@tanstack/react-query';
import { galleryApi, widgetsApi, type BlockedOrder, type Widget } from '@photo/contracts/widgets';
import type { Request } from '../../shared/api/request';

/** Spec 3 'Widget': keyed by product code; the server's orderCode is the web app's productCode. */
export type OnlinePhotoBook = Omit<Widget, 'orderCode'> & { productCode: string };
export type BlockedPhotoBook = Omit<BlockedOrder, 'orderCode'> & { productCode: string };

export const toOnlinePhotoBook = ({ orderCode, ...widget }: Widget): OnlinePhotoBook => ({
  ...widget,
  productCode: orderCode,
});

export const onlineProductQueries = {
  all: () => ['online-products'] as const,
  books: (request: Request) =>
    queryOptions({
      queryKey: [...onlineProductQueries.all(), 'books'],
      queryFn: async ({ signal }) =>
        (await request(widgetsApi.all, { query: {} }, { signal })).map(toOnlinePhotoBook),
    }),
  blocked: (request: Request, accountId: string) =>
    queryOptions({
      queryKey: [...onlineProductQueries.all(), 'blocked', accountId],
      queryFn: async ({ signal }): Promise<BlockedPhotoBook[]> =>
        (await request(galleryApi.blockedOrders, { params: { id: accountId } }, { signal })).map(
          ({ orderCode, ...order }) => ({ ...order, productCode: orderCode }),
        ),
    }),
  /** The book's gallery entry on this storefront, null when it is not published there. */
  galleryEntry: (request: Request, widgetId: string, channel: string) =>
    queryOptions({
      queryKey: [...onlineProductQueries.all(), 'gallery', widgetId, channel],
      queryFn: ({ signal }) =>
        request(galleryApi.get, { params: { id: widgetId }, query: { channel } }, { signal }),
    }),
  categories: (request: Request) =>
    queryOptions({
      queryKey: [...onlineProductQueries.all(), 'categories'],
      queryFn: ({ signal }) => request(galleryApi.categories, {}, { signal }),
      staleTime: Infinity,
    }),
};
