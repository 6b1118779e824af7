import type { FastifyBaseLogger } from 'fastify';
import type { HistoricalInvoice } from '@photo/contracts/invoices';
import type { PaymentMethodId } from '@photo/contracts/payment-methods';
import { parseVatId } from '../customers/vat-ids';
import type { BlobStore } from '../platform/blob-store';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { forbidden, notFound } from '../platform/errors';
import { renderPdf } from '../platform/pdf-renderer';
import { isUuid, uuidv7 } from '../platform/uuid';
import { storefronts } from '../storefronts/storefronts';
import { invoiceDocument, sellerDay } from './invoice-document';
import { invoiceTranslatorFor } from './invoice-messages';
import {
  computeTotals,
  creditTotals,
  decideVat,
  missingBuyerDetails,
  supplyKindOf,
  type InvoiceLineInput,
} from './invoice-rules';
import { sellerFor } from './invoice-sellers';
import type { InvoiceKind, InvoiceRecord, InvoicesRepository, NewInvoice } from './invoices.repository';

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
  /** Where the goods are delivered; absent: the buyer's billing address's country. */
  deliveryCountry?: string;
  /** When the goods were supplied (dispatched), else when the shop plans it; absent: the invoice date. */
  suppliedAt?: string;
  /** When the shop reported the order paid; absent: unpaid. */
  paidAt?: string;
  /** How it was paid, when the shop said. */
  paidWith?: PaymentMethodId;
}

/** The company an invoice is made out to, as its account holds it when the order is confirmed; null: not given. */
export interface InvoiceBuyer {
  isB2B: boolean;
  companyName: string | null;
  /** Who the invoice names when the account gives no company name. */
  holderName: string;
  /** The billing address as written on an envelope, with its country's name; empty without an address. */
  addressLines: string[];
  country: string | null;
  vatId: string | null;
}

/** `countryName` writes a country's name in the invoice's language. */
export type ReadBuyer = (
  customerId: string,
  countryName: (country: string) => string,
) => Promise<InvoiceBuyer | undefined>;

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
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, invoices, blobs } = deps;

  const render = async (invoice: InvoiceRecord): Promise<void> => {
    if (invoice.pdfKey) return;
    const pdf = await renderPdf(invoiceDocument(invoice.snapshot, invoice.storefrontId));
    const key = `invoices/${invoice.customerId}/${invoice.id}.pdf`;
    await blobs.put(key, pdf, 'application/pdf');
    await invoices.setPdf(invoice.id, key, pdf.length);
  };

  /**
   * The order's document of a kind, made once: numbered in the storefront's series of that kind in the
   * insert's transaction. A repeated or concurrent call answers the document already made; the losing
   * transaction gives its number back, so the series has no gaps.
   */
  const numbered = async (
    kind: InvoiceKind,
    order: { orderId: string; storefrontId: string },
    build: (
      number: string,
    ) => Omit<NewInvoice, 'id' | 'number' | 'invoiceNumber' | 'kind' | 'orderId' | 'storefrontId'>,
  ): Promise<{ record: InvoiceRecord; created: boolean }> => {
    const existing = await invoices.findByOrder(order.orderId, kind);
    if (existing) return { record: existing, created: false };
    const storefront = storefrontById(order.storefrontId);
    try {
      const record = await db.transaction(async (tx) => {
        const number = await invoices.takeNumber(tx, storefront.id, kind);
        const series = kind === 'credit-note' ? `${storefront.channelId}-CN` : storefront.channelId;
        const invoiceNumber = `${series}-${String(number).padStart(6, '0')}`;
        return invoices.insert(tx, {
          ...build(invoiceNumber),
          id: uuidv7(),
          kind,
          number,
          invoiceNumber,
          orderId: order.orderId,
          storefrontId: storefront.id,
        });
      });
      return { record, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await invoices.findByOrder(order.orderId, kind);
      if (!winner) throw error;
      return { record: winner, created: false };
    }
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
      const locale = invoiceLocaleOf(storefront.id);
      const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
      const buyer = await deps.readBuyer(order.customerId, (country) => countryNames.of(country) ?? country);
      if (!buyer?.isB2B) return undefined;
      const missing = missingBuyerDetails(buyer);
      // Goods are taxed where they go. Without any address that is unknown: the seller's own VAT is the safe side.
      const destination = order.deliveryCountry ?? buyer.country ?? seller.country;
      const vatOf = (kind: InvoiceLineInput['supply']) =>
        decideVat(seller.country, { destination, vatId: buyer.vatId }, kind);
      const delivery: InvoiceLineInput[] = order.deliveryPrice
        ? [
            {
              description: invoiceTranslatorFor(locale, storefront.id)('delivery'),
              quantity: 1,
              unitPrice: order.deliveryPrice,
              supply: supplyKindOf.delivery,
            },
          ]
        : [];
      const totals = computeTotals([...order.lines, ...delivery], (line) => vatOf(line.supply));
      const invoice = await numbered(
        'invoice',
        { orderId: order.orderId, storefrontId: storefront.id },
        (invoiceNumber) => ({
          customerId: order.customerId,
          orderRef: order.orderRef,
          issuedAt: order.confirmedAt,
          currency: order.currency,
          grossTotal: totals.gross,
          missingDetails: missing,
          snapshot: {
            invoiceNumber,
            issuedAt: order.confirmedAt,
            suppliedAt: order.suppliedAt ?? order.confirmedAt,
            orderRef: order.orderRef,
            locale,
            currency: order.currency,
            seller,
            buyer: {
              companyName: buyer.companyName ?? buyer.holderName,
              addressLines: buyer.addressLines,
              country: buyer.country,
              vatId: (buyer.vatId && parseVatId(buyer.vatId)?.normalized) || null,
            },
            missing,
            lines: totals.lines,
            rates: totals.rates,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
            paidAt: order.paidAt ?? null,
            paidWith: order.paidWith ?? null,
            credits: null,
          },
        }),
      );
      if (!invoice.created) return invoice.record;
      if (missing.length > 0) {
        // The shop completes the account and corrects the invoice; the customer's copy is not silently short.
        deps.logger.warn(
          { invoiceNumber: invoice.record.invoiceNumber, customerId: order.customerId, missing },
          'invoice issued with buyer details missing',
        );
      }
      await render(invoice.record);
      return invoice.record;
    },

    /**
     * Credits a cancelled order's invoice in full, once (decision 128): every line negated and taxed as
     * invoiced, numbered in the storefront's credit note series. An order never invoiced gets none.
     */
    async credit(orderId: string, cancelledAt: string): Promise<InvoiceRecord | undefined> {
      const invoice = await invoices.findByOrder(orderId);
      if (!invoice) return undefined;
      const totals = creditTotals(invoice.snapshot.lines);
      const creditNote = await numbered(
        'credit-note',
        { orderId, storefrontId: invoice.storefrontId },
        (creditNoteNumber) => ({
          customerId: invoice.customerId,
          orderRef: invoice.orderRef,
          issuedAt: cancelledAt,
          currency: invoice.currency,
          grossTotal: totals.gross,
          missingDetails: invoice.missingDetails,
          creditsInvoiceId: invoice.id,
          snapshot: {
            ...invoice.snapshot,
            invoiceNumber: creditNoteNumber,
            issuedAt: cancelledAt,
            lines: totals.lines,
            rates: totals.rates,
            net: totals.net,
            vat: totals.vat,
            gross: totals.gross,
            paidAt: null,
            paidWith: null,
            credits: { invoiceNumber: invoice.invoiceNumber, issuedAt: invoice.issuedAt },
          },
        }),
      );
      await render(creditNote.record);
      return creditNote.record;
    },

    async list(caller: Caller): Promise<HistoricalInvoice[]> {
      if (!caller.isB2B) throw forbidden('Invoices are for business customers only');
      return (await invoices.listOwned(caller.customerId)).map((invoice) => ({
        id: invoice.id,
        orderRef: invoice.orderRef,
        channel: storefrontById(invoice.storefrontId).channelId,
        invoiceNumber: invoice.invoiceNumber,
        issued: invoice.issuedAt,
        issuedOn: sellerDay(invoice.issuedAt, sellerFor(invoice.storefrontId)),
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
