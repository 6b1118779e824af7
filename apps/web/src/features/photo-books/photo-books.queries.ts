import { queryOptions } from '@tanstack/react-query';
import { galleryApi, photoBooksApi, type BlockedOrder, type PhotoBook } from '@photo/contracts/photo-books';
import type { Request } from '../../shared/api/request';

/** docs/product/entities.md 'PhotoBook': keyed by product code; the server's orderCode is the web app's productCode. */
export type OnlinePhotoBook = Omit<PhotoBook, 'orderCode'> & { productCode: string };
export type BlockedPhotoBook = Omit<BlockedOrder, 'orderCode'> & { productCode: string };

export const toOnlinePhotoBook = ({ orderCode, ...widget }: PhotoBook): OnlinePhotoBook => ({
  ...widget,
  productCode: orderCode,
});

export const photoBookQueries = {
  all: () => ['photo-books'] as const,
  books: (request: Request) =>
    queryOptions({
      queryKey: [...photoBookQueries.all(), 'books'],
      queryFn: async ({ signal }) =>
        (await request(photoBooksApi.all, { query: {} }, { signal })).map(toOnlinePhotoBook),
    }),
  blocked: (request: Request, accountId: string) =>
    queryOptions({
      queryKey: [...photoBookQueries.all(), 'blocked', accountId],
      queryFn: async ({ signal }): Promise<BlockedPhotoBook[]> =>
        (await request(galleryApi.blockedOrders, { params: { id: accountId } }, { signal })).map(
          ({ orderCode, ...order }) => ({ ...order, productCode: orderCode }),
        ),
    }),
  /** The book's gallery entry on this storefront, null when it is not published there. */
  galleryEntry: (request: Request, widgetId: string, channel: string) =>
    queryOptions({
      queryKey: [...photoBookQueries.all(), 'gallery', widgetId, channel],
      queryFn: ({ signal }) =>
        request(galleryApi.get, { params: { id: widgetId }, query: { channel } }, { signal }),
    }),
  categories: (request: Request) =>
    queryOptions({
      queryKey: [...photoBookQueries.all(), 'categories'],
      queryFn: ({ signal }) => request(galleryApi.categories, {}, { signal }),
      staleTime: Infinity,
    }),
};
