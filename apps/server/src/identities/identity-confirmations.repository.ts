import type { Queryable } from '../platform/database';
import { column, rowMapper, type RowOf } from '../platform/rows';

export type ConfirmationKind = 'email-change' | 'account-deletion';

export interface ConfirmationRecord {
  id: string;
  customerId: string;
  kind: ConfirmationKind;
  newEmail: string | null;
  storefrontId: string;
  locale: string;
}

const confirmationColumns = {
  id: column<string>,
  customer_id: column<string>,
  kind: column<ConfirmationKind>,
  new_email: column<string | null>,
  storefront_id: column<string>,
  locale: column<string>,
};
type ConfirmationRow = RowOf<typeof confirmationColumns>;
const toRecord: (row: ConfirmationRow) => ConfirmationRecord = rowMapper(confirmationColumns);

export function createIdentityConfirmationsRepository(db: Queryable) {
  return {
    /**
     * Writes a new link and retires the customer's earlier open links of the same kind. `now` is the
     * app's clock (decision 083), so an end-to-end story can move past the expiry.
     */
    async replace(
      record: ConfirmationRecord & { tokenHash: string; ttlSeconds: number },
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE identity_confirmations SET expires_at = least(expires_at, $3::timestamptz)
         WHERE customer_id = $1 AND kind = $2 AND used_at IS NULL`,
        [record.customerId, record.kind, now],
      );
      await db.query(
        `INSERT INTO identity_confirmations (id, customer_id, kind, new_email, token_hash, storefront_id, locale, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $9::timestamptz + $8::integer * interval '1 second')`,
        [
          record.id,
          record.customerId,
          record.kind,
          record.newEmail,
          record.tokenHash,
          record.storefrontId,
          record.locale,
          record.ttlSeconds,
          now,
        ],
      );
    },

    /**
     * Uses a link up: only an open (unused, unexpired) link of this kind and customer. Resolves to
     * undefined for any other, so a reused, expired or foreign link changes nothing.
     */
    async use(
      customerId: string,
      kind: ConfirmationKind,
      tokenHash: string,
      now: Date,
    ): Promise<ConfirmationRecord | undefined> {
      const { rows } = await db.query<ConfirmationRow>(
        `UPDATE identity_confirmations SET used_at = $4
         WHERE token_hash = $1 AND customer_id = $2 AND kind = $3 AND used_at IS NULL AND expires_at > $4
         RETURNING *`,
        [tokenHash, customerId, kind, now],
      );
      return rows[0] && toRecord(rows[0]);
    },
  };
}
