import { z } from 'zod/mini';
import { isoDate, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';

/** docs/product/entities.md (orderRef, id, channel) and what the invoices page shows: date, number, order, amount. */
export const HistoricalInvoiceSchema = z.object({
  id: z.string(),
  orderRef: z.string(),
  channel: z.string(),
  invoiceNumber: z.string(),
  issued: isoDateTime,
  /** The invoice date as the invoice prints it: the seller's calendar day in the seller's time zone. */
  issuedOn: isoDate,
  /** Including VAT, in minor units of the currency. */
  grossTotal: z.int(),
  currency: z.string().check(z.length(3)),
});
export type HistoricalInvoice = z.infer<typeof HistoricalInvoiceSchema>;

export const invoicesApi = {
  /** B2B only: the customer's invoices, newest first. */
  historical: defineEndpoint({
    service: 'invoices',
    method: 'GET',
    path: '/api/v1/HistoricalInvoice/me',
    response: z.array(HistoricalInvoiceSchema),
  }),
};

/** The stored PDF of an invoice (not JSON: the browser downloads it). */
export const historicalInvoicePdfPath = (id: string, channel: string) =>
  `/api/v1/HistoricalInvoice/me/pdf/${encodeURIComponent(id)}/${encodeURIComponent(channel)}`;
/** The PDF of a current invoice group; each invoice is its own group (decision 091). */
export const invoiceGroupFilePath = (id: string) => `/api/v1/InvoiceGroupFiles/me/${encodeURIComponent(id)}`;
