import { queryOptions } from '@tanstack/react-query';
import { productsApi } from '@photo/contracts/products';
import type { Request } from '../../shared/api/request';

export const pdfQueries = {
  all: () => ['pdfs'] as const,
  /** The customer's PDFs, newest first (docs/product/calls.md GET /v1/Pdfs/me). */
  list: (request: Request) =>
    queryOptions({
      queryKey: [...pdfQueries.all(), 'list'],
      queryFn: ({ signal }) => request(productsApi.pdfs, {}, { signal }),
    }),
};
