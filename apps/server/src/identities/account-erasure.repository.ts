import type { InvoiceSnapshot } from '../invoices/invoice-document';
import type { Queryable } from '../platform/database';
import { column, json, rowMapper, type RowOf } from '../platform/rows';

/** What names the person behind an account, as the customer row holds it. */
export interface ErasedPerson {
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
}

const keptInvoiceColumns = { id: column<string>, snapshot: json<InvoiceSnapshot> };
type KeptInvoiceRow = RowOf<typeof keptInvoiceColumns>;
const toKeptInvoice = rowMapper(keptInvoiceColumns);

/** The rows that erasing an account (decisions 101, 104) reads, moves and deletes. */
export function createAccountErasureRepository(db: Queryable) {
  return {
    async findAccount(customerId: string): Promise<{ email: string; deleted: boolean } | undefined> {
      const { rows } = await db.query<{ email: string; deleted: boolean }>(
        'SELECT email, deleted_at IS NOT NULL AS deleted FROM customers WHERE id = $1',
        [customerId],
      );
      return rows[0];
    },

    async invoicesOf(customerId: string): Promise<Array<{ id: string; snapshot: InvoiceSnapshot }>> {
      const { rows } = await db.query<KeptInvoiceRow>(
        'SELECT id, snapshot FROM invoices WHERE customer_id = $1',
        [customerId],
      );
      return rows.map(toKeptInvoice);
    },

    async personOf(customerId: string): Promise<ErasedPerson> {
      const { rows } = await db.query<ErasedPerson>(
        'SELECT email, first_name, last_name, phone FROM customers WHERE id = $1',
        [customerId],
      );
      return rows[0]!;
    },

    /** A row of `customers` that holds nothing but the pseudonym its kept invoices name. */
    async insertInvoiceHolder(holderId: string, pseudonym: string): Promise<void> {
      await db.query(
        `INSERT INTO customers (id, email, password_hash, is_b2b, deleted_at, invoice_holder)
         VALUES ($1, $2, '', true, now(), true)`,
        [holderId, pseudonym],
      );
    },

    async moveInvoice(invoiceId: string, holderId: string, snapshot: InvoiceSnapshot): Promise<void> {
      await db.query('UPDATE invoices SET customer_id = $2, snapshot = $3 WHERE id = $1', [
        invoiceId,
        holderId,
        JSON.stringify(snapshot),
      ]);
    },

    /** The BFF sessions and what the providers remember for the customer. */
    async endAllSessions(customerId: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE customer_id = $1', [customerId]);
      await db.query(`DELETE FROM oidc_payloads WHERE payload->>'accountId' = $1`, [customerId]);
    },

    /**
     * The customer row last: its foreign keys cascade to the rest. `email` is the account's address,
     * whose delivered mails held its links and name.
     */
    async deleteAccountRows(customerId: string, email: string): Promise<void> {
      await db.query('DELETE FROM account_registrations WHERE customer_id = $1', [customerId]);
      await db.query('DELETE FROM deleted_photos WHERE owner_id = $1', [customerId]);
      await db.query('DELETE FROM photo_storage_usage WHERE owner_id = $1', [customerId]);
      await db.query('DELETE FROM photo_month_counts WHERE owner_id = $1', [customerId]);
      await db.query(`DELETE FROM rate_windows WHERE key LIKE '%' || $1 || '%'`, [customerId]);
      await db.query(`DELETE FROM mail_outbox WHERE lower(recipient) = lower($1) AND state <> 'queued'`, [
        email,
      ]);
      await db.query('DELETE FROM customers WHERE id = $1', [customerId]);
    },
  };
}

export type AccountErasureRepository = ReturnType<typeof createAccountErasureRepository>;
