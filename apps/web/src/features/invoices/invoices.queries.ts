import { queryOptions } from '@tanstack/react-query';
import { invoicesApi } from '@photo/contracts/invoices';
import type { Request } from '../../shared/api/request';

export const invoiceQueries = {
  all: () => ['invoices'] as const,
  /** The business customer's invoices, newest first (docs/product/calls.md GET /api/v1/HistoricalInvoice/me). */
  list: (request: Request) =>
    queryOptions({
      queryKey: [...invoiceQueries.all(), 'list'],
      queryFn: ({ signal }) => request(invoicesApi.historical, {}, { signal }),
    }),
};
