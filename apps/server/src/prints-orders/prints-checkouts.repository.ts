import type { DeliveryAddress } from '@photo/contracts/orders';
import type { Queryable } from '../platform/database';

export interface PrintsCheckout {
  id: string;
  customerId: string;
  storefrontId: string;
  locale: string;
  tempSelectionId: string;
  photoIds: string[];
  articleCode: string;
  articleName: string;
  sizeCode: string;
  /** The catalogue's product code of the article in this size: what the order line carries. */
  productCode: string;
  paperCode: string | null;
  finishCode: string | null;
  quantity: number;
  currency: string;
  unitPriceMinor: number;
  deliveryType: 'Home' | 'PickupPoint';
  deliveryPriceMinor: number;
  deliveryAddress: DeliveryAddress;
  superOrderCode: string | null;
  createdAt: string;
}

interface CheckoutRow {
  id: string;
  customer_id: string;
  storefront_id: string;
  locale: string;
  temp_selection_id: string;
  photo_ids: string[] | string;
  article_code: string;
  article_name: string;
  size_code: string;
  product_code: string;
  paper_code: string | null;
  finish_code: string | null;
  quantity: number;
  currency: string;
  unit_price_minor: number;
  delivery_type: 'Home' | 'PickupPoint';
  delivery_price_minor: number;
  delivery_address: DeliveryAddress | string;
  super_order_code: string | null;
  created_at: string;
}

/** node-postgres parses uuid[]; PGlite may hand over the array literal `{a,b}`. */
const parseArray = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const toCheckout = (row: CheckoutRow): PrintsCheckout => ({
  id: row.id,
  customerId: row.customer_id,
  storefrontId: row.storefront_id,
  locale: row.locale,
  tempSelectionId: row.temp_selection_id,
  photoIds: parseArray(row.photo_ids),
  articleCode: row.article_code,
  articleName: row.article_name,
  sizeCode: row.size_code,
  productCode: row.product_code,
  paperCode: row.paper_code,
  finishCode: row.finish_code,
  quantity: Number(row.quantity),
  currency: row.currency,
  unitPriceMinor: Number(row.unit_price_minor),
  deliveryType: row.delivery_type,
  deliveryPriceMinor: Number(row.delivery_price_minor),
  deliveryAddress:
    typeof row.delivery_address === 'string'
      ? (JSON.parse(row.delivery_address) as DeliveryAddress)
      : row.delivery_address,
  superOrderCode: row.super_order_code,
  createdAt: row.created_at,
});

export function createPrintsCheckoutsRepository(db: Queryable) {
  return {
    async insert(checkout: Omit<PrintsCheckout, 'superOrderCode' | 'createdAt'>): Promise<void> {
      await db.query(
        `INSERT INTO prints_checkouts (id, customer_id, storefront_id, locale, temp_selection_id, photo_ids,
           article_code, article_name, size_code, paper_code, finish_code, quantity, currency, unit_price_minor,
           delivery_type, delivery_price_minor, delivery_address, product_code)
         VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18)`,
        [
          checkout.id,
          checkout.customerId,
          checkout.storefrontId,
          checkout.locale,
          checkout.tempSelectionId,
          checkout.photoIds,
          checkout.articleCode,
          checkout.articleName,
          checkout.sizeCode,
          checkout.paperCode,
          checkout.finishCode,
          checkout.quantity,
          checkout.currency,
          checkout.unitPriceMinor,
          checkout.deliveryType,
          checkout.deliveryPriceMinor,
          JSON.stringify(checkout.deliveryAddress),
          checkout.productCode,
        ],
      );
    },

    /** The customer's checkout only: another customer's id finds nothing. */
    async findOwned(customerId: string, id: string): Promise<PrintsCheckout | undefined> {
      const { rows } = await db.query<CheckoutRow>(
        `SELECT id, customer_id, storefront_id, locale, temp_selection_id::text, photo_ids::text[] AS photo_ids,
           article_code, article_name, size_code, product_code, paper_code, finish_code, quantity, currency,
           unit_price_minor, delivery_type, delivery_price_minor, delivery_address, super_order_code,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
         FROM prints_checkouts WHERE id = $1 AND customer_id = $2`,
        [id, customerId],
      );
      return rows[0] && toCheckout(rows[0]);
    },

    /**
     * Deletes checkouts made before `createdBefore` that never became an order and whose payment (of
     * `paymentPurpose`) was not paid, answering how many went. A paid one waits to be placed.
     */
    async deleteAbandoned(createdBefore: Date, paymentPurpose: string): Promise<number> {
      const { rows } = await db.query(
        `DELETE FROM prints_checkouts c
         WHERE c.super_order_code IS NULL AND c.created_at < $1
           AND NOT EXISTS (SELECT 1 FROM payments p
                           WHERE p.purpose = $2 AND p.reference = c.id::text AND p.status = 'paid')
         RETURNING c.id`,
        [createdBefore.toISOString(), paymentPurpose],
      );
      return rows.length;
    },

    async markPlaced(id: string, superOrderCode: string): Promise<void> {
      await db.query(
        'UPDATE prints_checkouts SET super_order_code = $2, placed_at = now() WHERE id = $1 AND super_order_code IS NULL',
        [id, superOrderCode],
      );
    },
  };
}

export type PrintsCheckoutsRepository = ReturnType<typeof createPrintsCheckoutsRepository>;
