import type { Queryable } from '../platform/database';
import { column, columnList, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface PaymentRecord {
  id: string;
  customerId: string;
  purpose: string;
  reference: string;
  amountMinor: number;
  currency: string;
  provider: string;
  providerReference: string | null;
  status: 'pending' | 'paid' | 'failed';
  /** The provider's mandate for later charges, when this payment saved the method. */
  mandate: string | null;
}

const paymentColumns = {
  id: column<string>,
  customer_id: column<string>,
  purpose: column<string>,
  reference: column<string>,
  amount_minor: numeric,
  currency: column<string>,
  provider: column<string>,
  provider_reference: column<string | null>,
  status: column<PaymentRecord['status']>,
  mandate: column<string | null>,
};
type PaymentRow = RowOf<typeof paymentColumns>;
const columns = columnList(paymentColumns);
const toRecord: (row: PaymentRow) => PaymentRecord = rowMapper(paymentColumns);

export function createPaymentsRepository(db: Queryable) {
  return {
    async insert(payment: Omit<PaymentRecord, 'providerReference' | 'status' | 'mandate'>): Promise<void> {
      await db.query(
        `INSERT INTO payments (id, customer_id, purpose, reference, amount_minor, currency, provider)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          payment.id,
          payment.customerId,
          payment.purpose,
          payment.reference,
          payment.amountMinor,
          payment.currency,
          payment.provider,
        ],
      );
    },

    async setProviderReference(id: string, providerReference: string): Promise<void> {
      await db.query('UPDATE payments SET provider_reference = $2 WHERE id = $1', [id, providerReference]);
    },

    /** The customer's payment only: another customer's id finds nothing. */
    async findOwned(customerId: string, id: string): Promise<PaymentRecord | undefined> {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${columns} FROM payments WHERE id = $1 AND customer_id = $2`,
        [id, customerId],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** The latest payment of a purpose's reference (an order's), whatever its status. */
    async latestFor(
      customerId: string,
      purpose: string,
      reference: string,
    ): Promise<PaymentRecord | undefined> {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${columns} FROM payments WHERE customer_id = $1 AND purpose = $2 AND reference = $3
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [customerId, purpose, reference],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** Payments still pending that were opened before `before`, oldest first: the provider may have settled them. */
    async pendingBefore(before: Date, limit: number): Promise<PaymentRecord[]> {
      const { rows } = await db.query<PaymentRow>(
        `SELECT ${columns} FROM payments
         WHERE status = 'pending' AND provider_reference IS NOT NULL AND created_at < $1
         ORDER BY created_at LIMIT $2`,
        [before.toISOString(), limit],
      );
      return rows.map(toRecord);
    },

    /** A pending payment becomes final once; a final one never changes again. */
    async settle(
      id: string,
      status: 'paid' | 'failed',
      mandate: string | undefined,
    ): Promise<PaymentRecord | undefined> {
      const { rows } = await db.query<PaymentRow>(
        `UPDATE payments SET status = $2, mandate = $3, completed_at = now() WHERE id = $1 AND status = 'pending'
         RETURNING ${columns}`,
        [id, status, mandate ?? null],
      );
      return rows[0] && toRecord(rows[0]);
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
