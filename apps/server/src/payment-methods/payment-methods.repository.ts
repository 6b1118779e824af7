import type { PaymentMethodId } from '@photo/contracts/payment-methods';
import type { Queryable } from '../platform/database';

export function createPaymentMethodsRepository(db: Queryable) {
  return {
    async preferredOf(customerId: string): Promise<PaymentMethodId | null> {
      const { rows } = await db.query<{ method: PaymentMethodId }>(
        'SELECT method FROM preferred_payment_methods WHERE customer_id = $1',
        [customerId],
      );
      return rows[0]?.method ?? null;
    },

    async save(customerId: string, method: PaymentMethodId): Promise<void> {
      await db.query(
        `INSERT INTO preferred_payment_methods (customer_id, method) VALUES ($1, $2)
         ON CONFLICT (customer_id) DO UPDATE SET method = EXCLUDED.method, updated_at = now()`,
        [customerId, method],
      );
    },

    /** An approved B2B customer (not new, not blocked) may pay by invoice. */
    async isApprovedB2B(customerId: string): Promise<boolean> {
      const { rows } = await db.query<{ approved: boolean }>(
        `SELECT is_b2b AND status = 'Default' AS approved FROM customers WHERE id = $1`,
        [customerId],
      );
      return rows[0]?.approved ?? false;
    },
  };
}

export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
