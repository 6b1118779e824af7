import { formatMoney } from '@photo/contracts/money';
import type { PaymentMethodId } from '@photo/contracts/payment-methods';
import { euCountries } from '../customers/vat-ids';
import type { PdfContent } from '../platform/pdf-renderer';
import { invoiceTranslatorFor, type InvoiceMessageKey } from './invoice-messages';
import type { BuyerDetail, InvoiceLine, RateTotal, VatTreatment } from './invoice-rules';
import type { Seller } from './invoice-sellers';

/** Everything printed on an invoice, fixed when it is made (a later profile change alters no invoice). */
export interface InvoiceSnapshot {
  invoiceNumber: string;
  issuedAt: string;
  /** When the goods were supplied (art. 226(7)); printed as the seller's calendar date. */
  suppliedAt: string;
  orderRef: string;
  locale: string;
  currency: string;
  seller: Seller;
  buyer: { companyName: string; addressLines: string[]; country: string | null; vatId: string | null };
  /** What the buyer's account lacked when the invoice was made (decision 127); empty when complete. */
  missing: BuyerDetail[];
  lines: InvoiceLine[];
  /** Net, VAT and gross of each rate (art. 226(8), (10)). */
  rates: RateTotal[];
  net: number;
  vat: number;
  gross: number;
  /** When the shop reported the order paid; null: unpaid, payable by transfer within the seller's terms. */
  paidAt: string | null;
  /** How it was paid, when the shop said; absent on invoices made before the shop could say. */
  paidWith?: PaymentMethodId | null;
  /** On a credit note: the invoice it credits (art. 219: a document that amends an invoice refers to it). */
  credits: { invoiceNumber: string; issuedAt: string } | null;
}

/** A date on the invoice is the seller's calendar date: 00:30 on 1 January in Amsterdam is 1 January. */
export function sellerDate(instant: string, invoice: Pick<InvoiceSnapshot, 'locale' | 'seller'>): string {
  return new Intl.DateTimeFormat(invoice.locale, {
    dateStyle: 'long',
    timeZone: invoice.seller.timeZone,
  }).format(new Date(instant));
}

/** An instant's calendar day (YYYY-MM-DD) in the seller's time zone: the day the invoice prints. */
export function sellerDay(instant: string, seller: Pick<Seller, 'timeZone'>): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: seller.timeZone }).format(new Date(instant));
}

/** The due date: the invoice's calendar day in the seller's zone, plus the payment term. */
function dueDate(invoice: InvoiceSnapshot): string {
  const day = sellerDay(invoice.issuedAt, invoice.seller);
  const due = new Date(`${day}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + invoice.seller.paymentTermDays);
  return new Intl.DateTimeFormat(invoice.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(due);
}

/** The note each treatment carries on the invoice; an EU seller's export cites the Directive's exemption. */
function treatmentNote(treatment: VatTreatment, sellerCountry: string): InvoiceMessageKey | undefined {
  const notes: Record<VatTreatment, InvoiceMessageKey | undefined> = {
    domestic: undefined,
    'intra-community-supply': 'intraCommunitySupply',
    'reverse-charge': 'reverseCharge',
    destination: 'destination',
    export: euCountries.has(sellerCountry) ? 'exportEu' : 'export',
  };
  return notes[treatment];
}

/**
 * The invoice as a document for the one PDF renderer: the storefront's language, currency and its
 * country's terms, and the seller's dates.
 */
export function invoiceDocument(invoice: InvoiceSnapshot, storefrontId: string): PdfContent {
  const t = invoiceTranslatorFor(invoice.locale, storefrontId);
  const amount = (minor: number) => formatMoney(minor, invoice.currency, invoice.locale);
  const quantity = new Intl.NumberFormat(invoice.locale);
  const percent = new Intl.NumberFormat(invoice.locale, { style: 'percent', maximumFractionDigits: 2 });
  const rate = (basisPoints: number) => percent.format(basisPoints / 10000);
  const countryName = new Intl.DisplayNames([invoice.locale], { type: 'region' });
  const { seller, buyer, credits } = invoice;
  const title = t(credits ? 'creditNoteTitle' : 'title', { number: invoice.invoiceNumber });
  const facts: Array<[string, string]> = [
    [t(credits ? 'creditNoteNumber' : 'invoiceNumber'), invoice.invoiceNumber],
    [t(credits ? 'creditNoteDate' : 'invoiceDate'), sellerDate(invoice.issuedAt, invoice)],
    [t('supplyDate'), sellerDate(invoice.suppliedAt, invoice)],
    [t('orderReference'), invoice.orderRef],
    [t('sellerVatId'), seller.vatId],
    [t('sellerRegistration'), seller.registration],
  ];
  if (buyer.vatId) facts.push([t('customerVatId'), buyer.vatId]);
  const notes = [...new Set(invoice.rates.map((total) => treatmentNote(total.treatment, seller.country)))]
    .filter((key) => key !== undefined)
    .map((key) => t(key));
  // A credit note settles nothing by transfer to the seller: it names the invoice it cancels instead.
  const payment = credits
    ? [t('creditsInvoice', { number: credits.invoiceNumber, date: sellerDate(credits.issuedAt, invoice) })]
    : invoice.paidAt
      ? [
          invoice.paidWith
            ? t('paidOnWith', {
                date: sellerDate(invoice.paidAt, invoice),
                method: t(`method.${invoice.paidWith}`),
              })
            : t('paidOn', { date: sellerDate(invoice.paidAt, invoice) }),
        ]
      : [
          t('paymentTerms', {
            days: seller.paymentTermDays,
            dueDate: dueDate(invoice),
            reference: invoice.invoiceNumber,
          }),
          t('payTo', { iban: seller.iban, bic: seller.bic }),
        ];

  return {
    title,
    language: invoice.locale,
    author: seller.legalName,
    createdAt: new Date(invoice.issuedAt),
    blocks: [
      { kind: 'heading', text: title },
      { kind: 'paragraph', bold: true, lines: [t('from')] },
      {
        kind: 'paragraph',
        lines: [seller.legalName, ...seller.addressLines, countryName.of(seller.country) ?? seller.country],
      },
      { kind: 'paragraph', bold: true, lines: [t('to')] },
      { kind: 'paragraph', lines: [buyer.companyName, ...buyer.addressLines] },
      { kind: 'facts', rows: facts },
      { kind: 'spacer' },
      {
        kind: 'table',
        columns: [
          { header: t('description'), width: 5 },
          { header: t('quantity'), width: 1.4, align: 'right' },
          { header: t('unitPrice'), width: 2, align: 'right' },
          { header: t('vatRate'), width: 1.6, align: 'right' },
          { header: t('amount'), width: 2, align: 'right' },
        ],
        rows: invoice.lines.map((line) => [
          line.description,
          quantity.format(line.quantity),
          amount(line.unitPrice),
          rate(line.vatRate),
          amount(line.lineTotal),
        ]),
      },
      { kind: 'spacer' },
      {
        kind: 'table',
        columns: [
          { header: t('vatRate'), width: 3 },
          { header: t('net'), width: 3, align: 'right' },
          { header: t('vatAmount'), width: 2, align: 'right' },
          { header: t('gross'), width: 3, align: 'right' },
        ],
        rows: invoice.rates.map((total) => [
          rate(total.rate),
          amount(total.net),
          amount(total.vat),
          amount(total.gross),
        ]),
        footerRows: [[t('total'), amount(invoice.net), amount(invoice.vat), amount(invoice.gross)]],
      },
      ...(notes.length > 0 ? [{ kind: 'paragraph' as const, lines: notes }] : []),
      { kind: 'paragraph', lines: payment },
    ],
  };
}
