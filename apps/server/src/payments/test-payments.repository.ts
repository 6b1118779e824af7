import type { Queryable } from '../platform/database';

export interface TestPaymentSession {
  id: string;
  amountMinor: number;
  currency: string;
  description: string;
  returnUrl: string;
  status: 'open' | 'paid' | 'failed';
}

interface SessionRow {
  id: string;
  amount_minor: string | number;
  currency: string;
  description: string;
  return_url: string;
  status: TestPaymentSession['status'];
}

/** The local test provider's own records: what a real provider keeps on its side. */
export function createTestPaymentsRepository(db: Queryable) {
  return {
    async insert(session: Omit<TestPaymentSession, 'status'>, lifetimeHours: number): Promise<void> {
      await db.query(
        `INSERT INTO test_payment_sessions (id, amount_minor, currency, description, return_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6))`,
        [
          session.id,
          session.amountMinor,
          session.currency,
          session.description,
          session.returnUrl,
          lifetimeHours,
        ],
      );
    },

    async findLive(id: string): Promise<TestPaymentSession | undefined> {
      const { rows } = await db.query<SessionRow>(
        `SELECT id, amount_minor, currency, description, return_url, status
         FROM test_payment_sessions WHERE id = $1 AND expires_at > now()`,
        [id],
      );
      const row = rows[0];
      return (
        row && {
          id: row.id,
          amountMinor: Number(row.amount_minor),
          currency: row.currency,
          description: row.description,
          returnUrl: row.return_url,
          status: row.status,
        }
      );
    },

    /** An open session is decided once; a decided one keeps its outcome. */
    async decide(id: string, status: 'paid' | 'failed'): Promise<void> {
      await db.query(
        `UPDATE test_payment_sessions SET status = $2 WHERE id = $1 AND status = 'open' AND expires_at > now()`,
        [id, status],
      );
    },

    async status(id: string): Promise<TestPaymentSession['status'] | undefined> {
      const { rows } = await db.query<{ status: TestPaymentSession['status'] }>(
        'SELECT status FROM test_payment_sessions WHERE id = $1',
        [id],
      );
      return rows[0]?.status;
    },

    /** Sessions go a week after they expire, so a payment the browser never came back for can still be settled. */
    async deleteExpired(): Promise<void> {
      await db.query(`DELETE FROM test_payment_sessions WHERE expires_at <= now() - interval '7 days'`);
    },
  };
}

export type TestPaymentsRepository = ReturnType<typeof createTestPaymentsRepository>;
