import type { Queryable } from '../platform/database';
import { column, isoTimestamp, json, nullable, numeric, rowMapper, type RowOf } from '../platform/rows';
import type { InvoiceSnapshot } from './invoice-document';
import type { BuyerDetail } from './invoice-rules';

/** Each kind numbers its own series per storefront. */
export type InvoiceKind = 'invoice' | 'credit-note';

export interface InvoiceRecord {
  id: string;
  kind: InvoiceKind;
  /** A credit note's credited invoice; null for an invoice. */
  creditsInvoiceId: string | null;
  customerId: string;
  storefrontId: string;
  invoiceNumber: string;
  orderId: string;
  orderRef: string;
  issuedAt: string;
  currency: string;
  grossTotal: number;
  /** The invoice's status for the shop: empty when complete, else the buyer details it lacks. */
  missingDetails: BuyerDetail[];
  snapshot: InvoiceSnapshot;
  pdfKey: string | null;
  pdfSize: number | null;
}

/** An invoice or credit note as it is made; `number` is its place in its kind's series. */
export type NewInvoice = Omit<InvoiceRecord, 'pdfKey' | 'pdfSize' | 'kind' | 'creditsInvoiceId'> &
  Partial<Pick<InvoiceRecord, 'kind' | 'creditsInvoiceId'>> & { number: number };

const invoiceColumns = {
  id: column<string>,
  kind: column<InvoiceKind>,
  credits_invoice_id: column<string | null>,
  customer_id: column<string>,
  storefront_id: column<string>,
  invoice_number: column<string>,
  order_id: column<string>,
  order_ref: column<string>,
  issued_at: isoTimestamp,
  currency: column<string>,
  gross_total: numeric,
  missing_details: column<BuyerDetail[]>,
  snapshot: json<InvoiceSnapshot>,
  pdf_key: column<string | null>,
  pdf_size: nullable(numeric),
};
type InvoiceRow = RowOf<typeof invoiceColumns>;
const toRecord: (row: InvoiceRow) => InvoiceRecord = rowMapper(invoiceColumns);

export function createInvoicesRepository(db: Queryable) {
  return {
    /**
     * The storefront's next number, held by this transaction until it ends: a concurrent invoice of the
     * same storefront waits for it, and a rollback hands the number back, so the series has no gaps.
     */
    async takeNumber(tx: Queryable, storefrontId: string, series: InvoiceKind = 'invoice'): Promise<number> {
      await tx.query(
        `INSERT INTO invoice_counters (storefront_id, series) VALUES ($1, $2)
         ON CONFLICT (storefront_id, series) DO NOTHING`,
        [storefrontId, series],
      );
      const { rows } = await tx.query<{ last_number: number }>(
        `UPDATE invoice_counters SET last_number = last_number + 1
         WHERE storefront_id = $1 AND series = $2 RETURNING last_number`,
        [storefrontId, series],
      );
      return rows[0]!.last_number;
    },

    async insert(tx: Queryable, invoice: NewInvoice): Promise<InvoiceRecord> {
      const { rows } = await tx.query<InvoiceRow>(
        `INSERT INTO invoices (id, customer_id, storefront_id, number, invoice_number, order_id, order_ref,
           issued_at, currency, gross_total, missing_details, snapshot, kind, credits_invoice_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
        [
          invoice.id,
          invoice.customerId,
          invoice.storefrontId,
          invoice.number,
          invoice.invoiceNumber,
          invoice.orderId,
          invoice.orderRef,
          invoice.issuedAt,
          invoice.currency,
          invoice.grossTotal,
          invoice.missingDetails,
          JSON.stringify(invoice.snapshot),
          invoice.kind ?? 'invoice',
          invoice.creditsInvoiceId ?? null,
        ],
      );
      return toRecord(rows[0]!);
    },

    /** The order's invoice, or the credit note that credits it. */
    async findByOrder(
      orderId: string,
      kind: InvoiceKind = 'invoice',
      tx: Queryable = db,
    ): Promise<InvoiceRecord | undefined> {
      const { rows } = await tx.query<InvoiceRow>(
        'SELECT * FROM invoices WHERE order_id = $1 AND kind = $2',
        [orderId, kind],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async findOwned(customerId: string, id: string): Promise<InvoiceRecord | undefined> {
      const { rows } = await db.query<InvoiceRow>(
        'SELECT * FROM invoices WHERE customer_id = $1 AND id = $2',
        [customerId, id],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async listOwned(customerId: string): Promise<InvoiceRecord[]> {
      const { rows } = await db.query<InvoiceRow>(
        'SELECT * FROM invoices WHERE customer_id = $1 ORDER BY issued_at DESC, id DESC',
        [customerId],
      );
      return rows.map(toRecord);
    },

    async setPdf(id: string, key: string, size: number): Promise<void> {
      await db.query('UPDATE invoices SET pdf_key = $2, pdf_size = $3 WHERE id = $1 AND pdf_key IS NULL', [
        id,
        key,
        size,
      ]);
    },

    async withoutPdf(): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM invoices WHERE pdf_key IS NULL');
      return rows.map((row) => row.id);
    },

    /**
     * Invoices kept for an erased account (decision 104) issued before their storefront's cutoff.
     * Only rows of an invoice holder, which the database guarantees is a deleted account: a live
     * customer's invoices are never among them, however old.
     */
    async keptPastRetention(
      cutoffs: ReadonlyArray<{ storefrontId: string; issuedBefore: Date }>,
    ): Promise<Array<{ id: string; pdfKey: string | null }>> {
      const { rows } = await db.query<{ id: string; pdf_key: string | null }>(
        `SELECT i.id, i.pdf_key FROM invoices i
         JOIN customers c ON c.id = i.customer_id AND c.invoice_holder
         JOIN unnest($1::text[], $2::timestamptz[]) AS cutoff (storefront_id, issued_before)
           ON cutoff.storefront_id = i.storefront_id AND i.issued_at < cutoff.issued_before`,
        [cutoffs.map((cutoff) => cutoff.storefrontId), cutoffs.map((cutoff) => cutoff.issuedBefore)],
      );
      return rows.map((row) => ({ id: row.id, pdfKey: row.pdf_key }));
    },

    /**
     * Deletes a kept invoice, and its holder once it keeps no invoice any more, in one statement. The
     * outer DELETE sees the invoices as they were before the inner one, hence `i.id <> $1`.
     */
    async deleteKept(id: string): Promise<void> {
      await db.query(
        `WITH gone AS (
           DELETE FROM invoices i USING customers c
           WHERE i.id = $1 AND c.id = i.customer_id AND c.invoice_holder RETURNING i.customer_id
         )
         DELETE FROM customers c
         WHERE c.invoice_holder AND c.id IN (SELECT customer_id FROM gone)
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.id AND i.id <> $1)`,
        [id],
      );
    },

    async findById(id: string): Promise<InvoiceRecord | undefined> {
      const { rows } = await db.query<InvoiceRow>('SELECT * FROM invoices WHERE id = $1', [id]);
      return rows[0] && toRecord(rows[0]);
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
