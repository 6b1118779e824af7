import { formatMoney } from '@photo/contracts/money';
import type { PdfContent } from '../platform/pdf-renderer';
import { invoiceTranslatorFor } from './invoice-messages';
import type { VatTreatment } from './invoice-rules';
import type { Seller } from './invoice-sellers';

/** Everything printed on an invoice, fixed when it is made (a later profile change alters no invoice). */
export interface InvoiceSnapshot {
  invoiceNumber: string;
  issuedAt: string;
  orderRef: string;
  locale: string;
  currency: string;
  seller: Seller;
  buyer: { companyName: string; addressLines: string[]; country: string; vatId: string | null };
  lines: Array<{ description: string; quantity: number; unitPrice: number; lineTotal: number }>;
  vatTreatment: VatTreatment;
  /** Basis points. */
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
}

/**
 * The invoice as a document for the one PDF renderer: the storefront's language, currency and date
 * format, and its country's terms.
 */
export function invoiceDocument(invoice: InvoiceSnapshot, storefrontId: string): PdfContent {
  const t = invoiceTranslatorFor(invoice.locale, storefrontId);
  const amount = (minor: number) => formatMoney(minor, invoice.currency, invoice.locale);
  const quantity = new Intl.NumberFormat(invoice.locale);
  const percent = new Intl.NumberFormat(invoice.locale, { style: 'percent', maximumFractionDigits: 2 });
  const issued = new Date(invoice.issuedAt);
  const date = new Intl.DateTimeFormat(invoice.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(issued);
  const note: Record<VatTreatment, string | undefined> = {
    domestic: undefined,
    'reverse-charge': t('reverseCharge'),
    destination: t('destination'),
    export: t('export'),
  };
  const facts: Array<[string, string]> = [
    [t('invoiceNumber'), invoice.invoiceNumber],
    [t('invoiceDate'), date],
    [t('orderReference'), invoice.orderRef],
    [t('sellerVatId'), invoice.seller.vatId],
  ];
  if (invoice.buyer.vatId) facts.push([t('customerVatId'), invoice.buyer.vatId]);
  const treatmentNote = note[invoice.vatTreatment];

  return {
    title: t('title', { number: invoice.invoiceNumber }),
    language: invoice.locale,
    author: invoice.seller.legalName,
    createdAt: issued,
    blocks: [
      { kind: 'heading', text: t('title', { number: invoice.invoiceNumber }) },
      { kind: 'paragraph', bold: true, lines: [t('from')] },
      { kind: 'paragraph', lines: [invoice.seller.legalName, ...invoice.seller.addressLines] },
      { kind: 'paragraph', bold: true, lines: [t('to')] },
      { kind: 'paragraph', lines: [invoice.buyer.companyName, ...invoice.buyer.addressLines] },
      { kind: 'facts', rows: facts },
      { kind: 'spacer' },
      {
        kind: 'table',
        columns: [
          { header: t('description'), width: 5 },
          { header: t('quantity'), width: 1.4, align: 'right' },
          { header: t('unitPrice'), width: 2, align: 'right' },
          { header: t('amount'), width: 2, align: 'right' },
        ],
        rows: invoice.lines.map((line) => [
          line.description,
          quantity.format(line.quantity),
          amount(line.unitPrice),
          amount(line.lineTotal),
        ]),
        footerRows: [
          [t('net'), '', '', amount(invoice.net)],
          [t('vat', { rate: percent.format(invoice.vatRate / 10000) }), '', '', amount(invoice.vat)],
          [t('gross'), '', '', amount(invoice.gross)],
        ],
      },
      ...(treatmentNote ? [{ kind: 'paragraph' as const, lines: [treatmentNote] }] : []),
    ],
  };
}
