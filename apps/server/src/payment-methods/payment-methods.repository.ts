import type { PaymentMethodId } from '@photo/contracts/payment-methods';
import type { Queryable } from '../platform/database';

/** The preferred method and, for a method the provider keeps (card, SEPA), the mandate it charges. */
export interface SavedPaymentMethod {
  method: PaymentMethodId;
  provider: string | null;
  mandate: string | null;
}

export function createPaymentMethodsRepository(db: Queryable) {
  return {
    async savedOf(customerId: string): Promise<SavedPaymentMethod | null> {
      const { rows } = await db.query<SavedPaymentMethod>(
        'SELECT method, provider, mandate FROM preferred_payment_methods WHERE customer_id = $1',
        [customerId],
      );
      return rows[0] ?? null;
    },

    async preferredOf(customerId: string): Promise<PaymentMethodId | null> {
      const { rows } = await db.query<{ method: PaymentMethodId }>(
        'SELECT method FROM preferred_payment_methods WHERE customer_id = $1',
        [customerId],
      );
      return rows[0]?.method ?? null;
    },

    /** The method, with the provider's mandate when it keeps one; a method without one forgets the old mandate. */
    async save(
      customerId: string,
      method: PaymentMethodId,
      atProvider?: { provider: string; mandate: string },
    ): Promise<void> {
      await db.query(
        `INSERT INTO preferred_payment_methods (customer_id, method, provider, mandate) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id) DO UPDATE SET method = EXCLUDED.method, provider = EXCLUDED.provider,
           mandate = EXCLUDED.mandate, updated_at = now()`,
        [customerId, method, atProvider?.provider ?? null, atProvider?.mandate ?? null],
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
