import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../platform/database';

export interface TestPaymentSession {
  id: string;
  amountMinor: number;
  currency: string;
  description: string;
  returnUrl: string;
  status: 'open' | 'paid' | 'failed';
  saveMethod: boolean;
  mandate: string | null;
}

interface SessionRow {
  id: string;
  amount_minor: string | number;
  currency: string;
  description: string;
  return_url: string;
  status: TestPaymentSession['status'];
  save_method: boolean;
  mandate: string | null;
}

const columns = 'id, amount_minor, currency, description, return_url, status, save_method, mandate';

const toSession = (row: SessionRow): TestPaymentSession => ({
  id: row.id,
  amountMinor: Number(row.amount_minor),
  currency: row.currency,
  description: row.description,
  returnUrl: row.return_url,
  status: row.status,
  saveMethod: row.save_method,
  mandate: row.mandate,
});

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** The local test provider's own records: what a real provider keeps on its side. */
export function createTestPaymentsRepository(db: Queryable) {
  return {
    async insert(
      session: Omit<TestPaymentSession, 'status' | 'mandate'>,
      lifetimeHours: number,
    ): Promise<void> {
      await db.query(
        `INSERT INTO test_payment_sessions
           (id, amount_minor, currency, description, return_url, save_method, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))`,
        [
          session.id,
          session.amountMinor,
          session.currency,
          session.description,
          session.returnUrl,
          session.saveMethod,
          lifetimeHours,
        ],
      );
    },

    /** A charge of a saved mandate: decided when it is made, like a card charged without its holder. */
    async insertCharge(session: { id: string; amountMinor: number; currency: string; description: string }) {
      await db.query(
        `INSERT INTO test_payment_sessions
           (id, amount_minor, currency, description, return_url, status, expires_at)
         VALUES ($1, $2, $3, $4, '', 'paid', now() + interval '2 hours')`,
        [session.id, session.amountMinor, session.currency, session.description],
      );
    },

    async findLive(id: string): Promise<TestPaymentSession | undefined> {
      const { rows } = await db.query<SessionRow>(
        `SELECT ${columns} FROM test_payment_sessions WHERE id = $1 AND expires_at > now()`,
        [id],
      );
      return rows[0] && toSession(rows[0]);
    },

    async find(id: string): Promise<TestPaymentSession | undefined> {
      const { rows } = await db.query<SessionRow>(
        `SELECT ${columns} FROM test_payment_sessions WHERE id = $1`,
        [id],
      );
      return rows[0] && toSession(rows[0]);
    },

    /**
     * A new one-time secret for the page being rendered: only a form of this very page can decide, and
     * a page rendered again makes the earlier one's secret worthless.
     */
    async issuePageSecret(id: string): Promise<string> {
      const secret = randomBytes(32).toString('base64url');
      await db.query('UPDATE test_payment_sessions SET page_secret_hash = $2 WHERE id = $1', [
        id,
        hashOf(secret),
      ]);
      return secret;
    },

    /**
     * An open session is decided once, with the secret its page was rendered with, which is used up;
     * a paid session that saves its method gets a mandate. Answers the decided session, or undefined
     * when nothing was decided (no such open session, or not its page's secret).
     */
    async decide(
      id: string,
      status: 'paid' | 'failed',
      pageSecret: string,
    ): Promise<TestPaymentSession | undefined> {
      const mandate = `test_mdt_${randomBytes(12).toString('base64url')}`;
      const { rows } = await db.query<SessionRow>(
        `UPDATE test_payment_sessions
         SET status = $2, page_secret_hash = NULL,
             mandate = CASE WHEN save_method AND $2 = 'paid' THEN $4 END
         WHERE id = $1 AND status = 'open' AND expires_at > now() AND page_secret_hash = $3
         RETURNING ${columns}`,
        [id, status, hashOf(pageSecret), mandate],
      );
      return rows[0] && toSession(rows[0]);
    },

    async hasMandate(mandate: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM test_payment_sessions WHERE mandate = $1', [mandate]);
      return rows.length > 0;
    },

    /** Sessions go a week after they expire, so a payment the browser never came back for can still be settled. */
    async deleteExpired(): Promise<void> {
      await db.query(
        `DELETE FROM test_payment_sessions WHERE expires_at <= now() - interval '7 days' AND mandate IS NULL`,
      );
    },
  };
}

export type TestPaymentsRepository = ReturnType<typeof createTestPaymentsRepository>;
