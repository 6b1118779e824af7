import { queryOptions } from '@tanstack/react-query';
import { invoicesApi } from '@photo/contracts/invoices';
import { ordersApi } from '@photo/contracts/orders';
import { photoBooksApi } from '@photo/contracts/photo-books';
import { photosApi } from '@photo/contracts/photos';
import { projectsApi } from '@photo/contracts/projects';
import type { Request } from '../../shared/api/request';

/** How many of the newest things each panel shows. */
export const OVERVIEW_LATEST = { orders: 3, photos: 6, projects: 3, photoBooks: 3, invoices: 3 } as const;

/**
 * The overview's reads: the same calls the pages it links to make (issue 23: it must never tell another
 * story), keyed under each feature's root key so their invalidation reaches the overview too.
 */
export const overviewQueries = {
  latestOrders: (request: Request) =>
    queryOptions({
      queryKey: ['orders', 'latest'],
      queryFn: ({ signal }) =>
        request(
          ordersApi.myOrders,
          { query: { Limit: OVERVIEW_LATEST.orders, OrderState: 'notExpired' } },
          { signal },
        ),
    }),
  /** The newest uploads, as 'My photos' sorted by upload date shows them first. */
  latestPhotos: (request: Request) =>
    queryOptions({
      queryKey: ['photos', 'latest'],
      queryFn: async ({ signal }) =>
        (
          await request(
            photosApi.list,
            { query: { limit: OVERVIEW_LATEST.photos, sortKey: 'created', sortOrder: 'desc' } },
            { signal },
          )
        ).images,
    }),
  latestProjects: (request: Request, accountId: string) =>
    queryOptions({
      queryKey: ['projects', 'latest', accountId],
      queryFn: ({ signal }) =>
        request(
          projectsApi.list,
          { params: { accountId }, query: { skip: 0, limit: OVERVIEW_LATEST.projects } },
          { signal },
        ),
    }),
  photoBooks: (request: Request) =>
    queryOptions({
      queryKey: ['photo-books', 'overview'],
      queryFn: ({ signal }) => request(photoBooksApi.all, { query: {} }, { signal }),
    }),
  invoices: (request: Request) =>
    queryOptions({
      queryKey: ['invoices', 'overview'],
      queryFn: ({ signal }) => request(invoicesApi.historical, {}, { signal }),
    }),
};
