import type { ShopUpload } from '@photo/contracts/storage-period';
import type { Queryable } from '../platform/database';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The last order that counts for the storage period (decision 087): the newest super order of the
 * customer with at least one inner order that was not cancelled.
 */
const lastOrderOf = (customer: string) => `(
  SELECT s.created_at FROM super_orders s
  WHERE s.customer_id = ${customer}
    AND EXISTS (SELECT 1 FROM orders o WHERE o.super_order_code = s.code AND o.state <> 'Cancelled')
  -- Newest first along (customer_id, created_at DESC): stops at the first order that counts.
  ORDER BY s.created_at DESC LIMIT 1)`;

export interface AccountDates {
  registeredAt: Date;
  lastOrderAt: Date | null;
}

export interface ExpiryCandidate extends AccountDates {
  customerId: string;
  email: string;
  /** The storefront of the last order, else of the registration; null when neither is known. */
  storefrontId: string | null;
  /** The locale the customer registered in, when known. */
  locale: string | null;
}

interface DatesRow {
  registered_at: string;
  last_order_at: string | null;
}

const toDates = (row: DatesRow): AccountDates => ({
  registeredAt: new Date(row.registered_at),
  lastOrderAt: row.last_order_at ? new Date(row.last_order_at) : null,
});

interface UploadRow {
  id: string;
  file_name: string;
  owner_id: string | null;
  created_at: string;
}

const toUpload = (row: UploadRow): ShopUpload => ({
  id: row.id,
  fileName: row.file_name,
  accountId: row.owner_id,
  created: row.created_at,
});

export function createStoragePeriodRepository(db: Queryable) {
  return {
    async accountDates(customerId: string): Promise<AccountDates | undefined> {
      const { rows } = await db.query<DatesRow>(
        `SELECT ${iso('c.registered_at')} AS registered_at, ${iso(lastOrderOf('c.id'))} AS last_order_at
         FROM customers c WHERE c.id = $1 AND c.deleted_at IS NULL`,
        [customerId],
      );
      return rows[0] && toDates(rows[0]);
    },

    /** An upload the shop holds for this account. */
    async upload(ownerId: string, id: string): Promise<ShopUpload | undefined> {
      const { rows } = await db.query<UploadRow>(
        `SELECT id, file_name, owner_id, ${iso('created_at')} AS created_at
         FROM shop_held_photos WHERE id = $1 AND owner_id = $2`,
        [id, ownerId],
      );
      return rows[0] && toUpload(rows[0]);
    },

    /** Those of the ids that are uploads of no account. */
    async anonymousUploads(ids: string[]): Promise<ShopUpload[]> {
      const { rows } = await db.query<UploadRow>(
        `SELECT id, file_name, owner_id, ${iso('created_at')} AS created_at
         FROM shop_held_photos WHERE id = ANY($1::uuid[]) AND owner_id IS NULL ORDER BY created_at, id`,
        [ids],
      );
      return rows.map(toUpload);
    },

    /**
     * Customers with anything stored (photos, albums, archives, photos the shop holds) whose period
     * started before `startedBefore`: the only ones a notice or a deletion can concern.
     */
    async expiryCandidates(startedBefore: Date): Promise<ExpiryCandidate[]> {
      const { rows } = await db.query<
        DatesRow & { id: string; email: string; storefront_id: string | null; locale: string | null }
      >(
        `SELECT c.id, c.email, ${iso('c.registered_at')} AS registered_at, ${iso('last_order.at')} AS last_order_at,
           coalesce(
             (SELECT s.storefront_id FROM super_orders s WHERE s.customer_id = c.id ORDER BY s.created_at DESC LIMIT 1),
             registration.storefront_id) AS storefront_id,
           registration.locale
         FROM customers c
         CROSS JOIN LATERAL (SELECT ${lastOrderOf('c.id')} AS at) last_order
         LEFT JOIN LATERAL (
           SELECT r.storefront_id, r.locale FROM account_registrations r
           WHERE r.customer_id = c.id ORDER BY r.created_at DESC LIMIT 1) registration ON true
         WHERE c.deleted_at IS NULL
           AND greatest(c.registered_at, coalesce(last_order.at, c.registered_at)) < $1
           AND (EXISTS (SELECT 1 FROM photos p WHERE p.owner_id = c.id)
             OR EXISTS (SELECT 1 FROM albums a WHERE a.owner_id = c.id)
             OR EXISTS (SELECT 1 FROM downloads d WHERE d.owner_id = c.id)
             OR EXISTS (SELECT 1 FROM shop_held_photos h WHERE h.owner_id = c.id))
         ORDER BY c.id`,
        [startedBefore.toISOString()],
      );
      return rows.map((row) => ({
        ...toDates(row),
        customerId: row.id,
        email: row.email,
        storefrontId: row.storefront_id,
        locale: row.locale,
      }));
    },

    /** Records a notice; false when it was already sent for this deletion date. */
    async recordNotice(customerId: string, deletionDate: Date, notice: '30-days' | '7-days', at: Date) {
      const { rows } = await db.query(
        `INSERT INTO storage_expiry_notices (customer_id, deletion_date, notice, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING customer_id`,
        [customerId, deletionDate.toISOString(), notice, at.toISOString()],
      );
      return rows.length > 0;
    },

    async noticeSentAt(customerId: string, deletionDate: Date, notice: '30-days' | '7-days') {
      const { rows } = await db.query<{ sent_at: string }>(
        `SELECT ${iso('sent_at')} AS sent_at FROM storage_expiry_notices
         WHERE customer_id = $1 AND deletion_date = $2 AND notice = $3`,
        [customerId, deletionDate.toISOString(), notice],
      );
      return rows[0] ? new Date(rows[0].sent_at) : undefined;
    },

    /** Records a deletion; false when this deletion date's library was deleted already. */
    async recordExpiry(customerId: string, deletionDate: Date, at: Date): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO storage_expiries (customer_id, deletion_date, deleted_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING customer_id`,
        [customerId, deletionDate.toISOString(), at.toISOString()],
      );
      return rows.length > 0;
    },

    /** Locks the customer's row: an order placed meanwhile waits, or is seen. */
    async lockCustomer(customerId: string): Promise<AccountDates | undefined> {
      await db.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
      const { rows } = await db.query<DatesRow>(
        `SELECT ${iso('c.registered_at')} AS registered_at, ${iso(lastOrderOf('c.id'))} AS last_order_at
         FROM customers c WHERE c.id = $1 AND c.deleted_at IS NULL`,
        [customerId],
      );
      return rows[0] && toDates(rows[0]);
    },
  };
}

export type StoragePeriodRepository = ReturnType<typeof createStoragePeriodRepository>;
