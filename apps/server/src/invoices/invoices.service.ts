import type { HistoricalInvoice } from '@photo/contracts/invoices';
import type { BlobStore } from '../platform/blob-store';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { forbidden, notFound } from '../platform/errors';
import { renderPdf } from '../platform/pdf-renderer';
import { isUuid, uuidv7 } from '../platform/uuid';
import { storefronts } from '../storefronts/storefronts';
import { invoiceDocument, type InvoiceSnapshot } from './invoice-document';
import { invoiceTranslatorFor } from './invoice-messages';
import { computeTotals, decideVat, type InvoiceLineInput } from './invoice-rules';
import { sellerFor } from './invoice-sellers';
import type { InvoiceRecord, InvoicesRepository } from './invoices.repository';

/** An order as it is invoiced: confirmed, with its products at their net prices. */
export interface InvoiceableOrder {
  orderId: string;
  /** What the customer knows the order by (the super order's code). */
  orderRef: string;
  customerId: string;
  storefrontId: string;
  currency: string;
  lines: InvoiceLineInput[];
  /** Delivery of the super order, invoiced with its first order; 0 or absent adds no line. */
  deliveryPrice?: number;
  confirmedAt: string;
}

/** The company an invoice is made out to, as its account holds it when the order is confirmed. */
export interface InvoiceBuyer {
  isB2B: boolean;
  companyName: string;
  addressLines: string[];
  country: string;
  vatId: string | null;
}

/** `sellerCountry` stands in for a buyer whose account names no country yet. */
export type ReadBuyer = (customerId: string, sellerCountry: string) => Promise<InvoiceBuyer | undefined>;

const storefrontById = (id: string) => {
  const storefront = storefronts.find((candidate) => candidate.id === id);
  if (!storefront) throw new Error(`Unknown storefront ${id}`);
  return storefront;
};

/** The language of a storefront's invoices: its first locale (one document per seller, not per reader). */
export const invoiceLocaleOf = (storefrontId: string) => storefrontById(storefrontId).locales[0]!;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * B2B invoices (docs/product/roles.md, calls.md; decision 091): made from real orders when they are confirmed, numbered per
 * storefront without gaps, rendered once with the one PDF renderer and served as stored.
 */
export function createInvoicesService(deps: {
  db: Database;
  invoices: InvoicesRepository;
  blobs: BlobStore;
  readBuyer: ReadBuyer;
}) {
  const { db, invoices, blobs } = deps;

  const render = async (invoice: InvoiceRecord): Promise<void> => {
    if (invoice.pdfKey) return;
    const pdf = await renderPdf(invoiceDocument(invoice.snapshot, invoice.storefrontId));
    const key = `invoices/${invoice.customerId}/${invoice.id}.pdf`;
    await blobs.put(key, pdf, 'application/pdf');
    await invoices.setPdf(invoice.id, key, pdf.length);
  };

  const ownedWithPdf = async (caller: Caller, id: string) => {
    if (!caller.isB2B) throw forbidden('Invoices are for business customers only');
    const invoice = isUuid(id) ? await invoices.findOwned(caller.customerId, id) : undefined;
    if (!invoice) throw notFound('Invoice not found');
    if (!invoice.pdfKey || invoice.pdfSize === null) {
      await render(invoice);
      return (await invoices.findOwned(caller.customerId, id))!;
    }
    return invoice;
  };

  return {
    /** Makes the order's invoice once (a repeated or concurrent call answers the same one); none for a private customer. */
    async issue(order: InvoiceableOrder): Promise<InvoiceRecord | undefined> {
      const existing = await invoices.findByOrder(order.orderId);
      if (existing) {
        await render(existing);
        return existing;
      }
      const storefront = storefrontById(order.storefrontId);
      const seller = sellerFor(storefront.id);
      const buyer = await deps.readBuyer(order.customerId, seller.country);
      if (!buyer?.isB2B) return undefined;
      const vat = decideVat(seller.country, buyer.country, buyer.vatId);
      const delivery = order.deliveryPrice
        ? [
            {
              description: invoiceTranslatorFor(invoiceLocaleOf(storefront.id), storefront.id)('delivery'),
              quantity: 1,
              unitPrice: order.deliveryPrice,
            },
          ]
        : [];
      const totals = computeTotals([...order.lines, ...delivery], vat.rate);
      let invoice: InvoiceRecord;
      try {
        invoice = await db.transaction(async (tx) => {
          const number = await invoices.takeNumber(tx, storefront.id);
          const invoiceNumber = `${storefront.channelId}-${String(number).padStart(6, '0')}`;
          const snapshot: InvoiceSnapshot = {
            invoiceNumber,
            issuedAt: order.confirmedAt,
            orderRef: order.orderRef,
            locale: invoiceLocaleOf(storefront.id),
            currency: order.currency,
            seller,
            buyer: {
              companyName: buyer.companyName,
              addressLines: buyer.addressLines,
              country: buyer.country,
              vatId: buyer.vatId,
            },
            lines: totals.lines,
            vatTreatment: vat.treatment,
            vatRate: vat.rate,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
          };
          return invoices.insert(tx, {
            id: uuidv7(),
            customerId: order.customerId,
            storefrontId: storefront.id,
            number,
            invoiceNumber,
            orderId: order.orderId,
            orderRef: order.orderRef,
            issuedAt: order.confirmedAt,
            currency: order.currency,
            grossTotal: totals.gross,
            snapshot,
          });
        });
      } catch (error) {
        // Another call invoiced this order first; its transaction kept the number, ours gave it back.
        if (!isUniqueViolation(error)) throw error;
        const winner = await invoices.findByOrder(order.orderId);
        if (!winner) throw error;
        return winner;
      }
      await render(invoice);
      return invoice;
    },

    async list(caller: Caller): Promise<HistoricalInvoice[]> {
      if (!caller.isB2B) throw forbidden('Invoices are for business customers only');
      return (await invoices.listOwned(caller.customerId)).map((invoice) => ({
        id: invoice.id,
        orderRef: invoice.orderRef,
        channel: storefrontById(invoice.storefrontId).channelId,
        invoiceNumber: invoice.invoiceNumber,
        issued: invoice.issuedAt,
        grossTotal: invoice.grossTotal,
        currency: invoice.currency,
      }));
    },

    /** The stored PDF of the caller's invoice; with a channel, only when the invoice is that channel's. */
    async pdf(caller: Caller, id: string, channel?: string) {
      const invoice = await ownedWithPdf(caller, id);
      if (channel !== undefined && storefrontById(invoice.storefrontId).channelId !== channel) {
        throw notFound('Invoice not found');
      }
      return { key: invoice.pdfKey!, size: invoice.pdfSize!, fileName: `${invoice.invoiceNumber}.pdf` };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
